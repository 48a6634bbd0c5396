import { TONE_CLASSES } from "~/domain/orders/state-machine";
import { PAYMENT_INFO, type PaymentStatusName, paymentLabel } from "~/domain/payments/payment-states";

/** An order's payment state as a coloured badge (order pages, the admin table). */
export function PaymentBadge({ status }: { status: PaymentStatusName }) {
  return (
    <span
      data-testid="payment-status"
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${TONE_CLASSES[PAYMENT_INFO[status].tone]}`}
    >
      {paymentLabel(status)}
    </span>
  );
}
