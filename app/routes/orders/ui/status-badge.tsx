import { type OrderStatusName, statusClasses, statusLabel } from "~/domain/orders/state-machine";

/** An order's status as a coloured badge (ordered yellow, accepted blue, completed green, canceled red). */
export function StatusBadge({ status }: { status: OrderStatusName }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${statusClasses(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}
