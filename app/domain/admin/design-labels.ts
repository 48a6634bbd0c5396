/** How the admin reads a design's type (spec section 2). Pure. */
export const DESIGN_TYPE_LABELS = { upload: "อัปโหลด", design: "ออกแบบในระบบ" } as const;
