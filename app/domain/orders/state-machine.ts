/**
 * The order state machine (spec section 4, DESIGN.md section 4). Pure: shared by the
 * server (transitions), the pages (which buttons to show) and tests.
 *
 *   cart → ordered (the buyer places the order)
 *   ordered → canceled (the buyer calls it off before the tailor answers: issue 46)
 *   ordered → accepted | canceled (the tailor accepts or declines)
 *   accepted → completed | canceled (the tailor finishes or cancels)
 *   admin: any status → ordered | accepted | completed | canceled, except to itself
 */

export const ORDER_STATUSES = ["cart", "ordered", "accepted", "completed", "canceled"] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** Who acts on an order: its buyer, its tailor, or an admin overriding. */
export type ActorRole = "user" | "merchant" | "admin";

/** The statuses an admin may set (no admin button moves an order back to the cart). */
export const ADMIN_TARGETS = [
  "ordered",
  "accepted",
  "completed",
  "canceled",
] as const satisfies readonly OrderStatusName[];

const byRole: Record<Exclude<ActorRole, "admin">, Partial<Record<OrderStatusName, readonly OrderStatusName[]>>> = {
  // The buyer places an order, and may call it off while no tailor has taken it (issue 46).
  user: { cart: ["ordered"], ordered: ["canceled"] },
  merchant: { ordered: ["accepted", "canceled"], accepted: ["completed", "canceled"] },
};

export function isOrderStatus(value: unknown): value is OrderStatusName {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses this role may move an order in `from` to. */
export function allowedTargets(from: OrderStatusName, role: ActorRole): OrderStatusName[] {
  if (role === "admin") return ADMIN_TARGETS.filter((to) => to !== from);
  return [...(byRole[role][from] ?? [])];
}

export function canTransition(from: OrderStatusName, to: OrderStatusName, role: ActorRole): boolean {
  return allowedTargets(from, role).includes(to);
}

/** Thai words for each status; `label` is what customers and tailors read, `adminLabel` the admin table. */
export const STATUS_INFO: Record<OrderStatusName, { label: string; adminLabel: string; tone: StatusTone }> = {
  cart: { label: "อยู่ในตะกร้า", adminLabel: "รอสั่งซื้อ", tone: "stone" },
  ordered: { label: "รอช่างรับงาน", adminLabel: "รอช่างรับงาน", tone: "yellow" },
  accepted: { label: "กำลังตัดเย็บ", adminLabel: "กำลังตัดเย็บ", tone: "blue" },
  completed: { label: "ตัดเย็บเสร็จแล้ว", adminLabel: "ตัดเย็บเสร็จแล้ว", tone: "green" },
  canceled: { label: "ยกเลิกแล้ว", adminLabel: "ยกเลิก", tone: "red" },
};

export type StatusTone = "stone" | "yellow" | "blue" | "green" | "red";

/** Tailwind classes of a status badge: ordered yellow, accepted blue, completed green, canceled red. */
export const TONE_CLASSES: Record<StatusTone, string> = {
  stone: "bg-stone-100 text-stone-700 ring-stone-300",
  yellow: "bg-amber-100 text-amber-900 ring-amber-300",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
  green: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  red: "bg-red-100 text-red-900 ring-red-300",
};

export function statusLabel(status: OrderStatusName): string {
  return STATUS_INFO[status].label;
}

export function statusClasses(status: OrderStatusName): string {
  return TONE_CLASSES[STATUS_INFO[status].tone];
}

/**
 * The tailor's actions on the merchant order page and their buttons (spec section 8); the notices
 * the server gives after them are in ./step-notices.server.ts.
 */
export type MerchantAction = "accept" | "decline" | "complete" | "cancel";

export const MERCHANT_ACTIONS: Record<MerchantAction, { from: OrderStatusName; to: OrderStatusName; button: string }> =
  {
    accept: { from: "ordered", to: "accepted", button: "รับงาน" },
    decline: { from: "ordered", to: "canceled", button: "ไม่รับงาน" },
    complete: { from: "accepted", to: "completed", button: "ตัดเย็บเสร็จแล้ว" },
    cancel: { from: "accepted", to: "canceled", button: "ยกเลิกคำสั่งซื้อ" },
  };

/** The actions a tailor is offered for an order in this status. */
export function merchantActionsFor(status: OrderStatusName): MerchantAction[] {
  return (Object.keys(MERCHANT_ACTIONS) as MerchantAction[]).filter(
    (action) => MERCHANT_ACTIONS[action].from === status,
  );
}

/** Why a move is refused, in Thai, naming both statuses. */
export function refusalMessage(from: OrderStatusName, to: OrderStatusName): string {
  return `ไม่สามารถเปลี่ยนสถานะจาก "${statusLabel(from)}" เป็น "${statusLabel(to)}" ได้`;
}
