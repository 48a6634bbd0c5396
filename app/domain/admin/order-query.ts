import {
  ADMIN_TARGETS,
  ORDER_STATUSES,
  type OrderStatusName,
  STATUS_INFO,
  statusClasses,
} from "~/domain/orders/state-machine";
import { isPaymentStatus, type PaymentStatusName } from "~/domain/payments/payment-states";

/**
 * The admin order table's filter, sort and page, read from the address (spec section 2):
 * headers sort descending on the first click, the same header again toggles, default is
 * created date descending. Pure: shared by the page, the JSON call and the tests.
 */

export { ORDER_STATUSES };
export type AdminOrderStatus = OrderStatusName;

/** Statuses an admin may set (no button for cart). */
export const OVERRIDE_STATUSES = ADMIN_TARGETS;
export type OverrideStatus = (typeof ADMIN_TARGETS)[number];

/** The admin's words for a status (spec section 4). */
export function adminStatusLabel(status: AdminOrderStatus): string {
  return STATUS_INFO[status].adminLabel;
}

/** Badge colours: ordered yellow, accepted blue, completed green, canceled red. */
export function statusBadgeClasses(status: AdminOrderStatus): string {
  return statusClasses(status);
}

export const SORT_KEYS = ["id", "price", "status", "created"] as const;
export type OrderSortKey = (typeof SORT_KEYS)[number];
export type SortDir = "asc" | "desc";

export const ORDERS_PAGE_SIZE = 20;

export interface OrderQuery {
  status: AdminOrderStatus | null;
  /** Only orders whose payment is in this state (issue 21); orders without a payment never match. */
  payment: PaymentStatusName | null;
  sort: OrderSortKey;
  dir: SortDir;
  page: number;
}

export const DEFAULT_ORDER_QUERY: OrderQuery = { status: null, payment: null, sort: "created", dir: "desc", page: 1 };

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

/** Unknown values fall back to the defaults: an address typed by hand never breaks the page. */
export function parseOrderQuery(params: URLSearchParams): OrderQuery {
  const status = params.get("status");
  const payment = params.get("payment");
  const sort = params.get("sort");
  const dir = params.get("dir");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    status: isOneOf(ORDER_STATUSES, status) ? status : null,
    payment: isPaymentStatus(payment) ? payment : null,
    sort: isOneOf(SORT_KEYS, sort) ? sort : DEFAULT_ORDER_QUERY.sort,
    dir: dir === "asc" || dir === "desc" ? dir : DEFAULT_ORDER_QUERY.dir,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1_000_000) : 1,
  };
}

/** The sort a header link leads to: descending first, the same header again toggles. */
export function nextSort(
  current: Pick<OrderQuery, "sort" | "dir">,
  key: OrderSortKey,
): { sort: OrderSortKey; dir: SortDir } {
  if (current.sort !== key) return { sort: key, dir: "desc" };
  return { sort: key, dir: current.dir === "desc" ? "asc" : "desc" };
}

/** The address of the table with some of its settings changed (defaults left out). */
export function orderQueryString(query: OrderQuery, change: Partial<OrderQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.status) params.set("status", next.status);
  if (next.payment) params.set("payment", next.payment);
  if (next.sort !== DEFAULT_ORDER_QUERY.sort || next.dir !== DEFAULT_ORDER_QUERY.dir) {
    params.set("sort", next.sort);
    params.set("dir", next.dir);
  }
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
