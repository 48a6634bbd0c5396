/** How the admin reads a design's type (spec section 2). Pure. */
/** The longest reason an admin may give for not approving a design (its tailor reads it). */
export const REJECT_REASON_MAX = 500;

export const DESIGN_TYPE_LABELS = { upload: "อัปโหลด", design: "ออกแบบในระบบ" } as const;
