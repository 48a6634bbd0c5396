import { ConfirmDialog } from "~/components/confirm-dialog";
import { HEADLINES } from "~/domain/notifications/order-messages";
import { TAILOR_CANCEL_REASONS } from "~/domain/orders/cancel-reasons";
import { statusLabel } from "~/domain/orders/state-machine";
import { type PaymentStatusName, paymentLabel } from "~/domain/payments/payment-states";
import { CancelReasonFields } from "./cancel-reason-fields";

/** Steps a tailor confirms in a dialog first (the order page's `?confirm=`): they cannot be undone. */
export type ConfirmedStep = "complete" | "decline" | "cancel";

/** The money is confirmed, or handed back: "sewn" needs no warning about it. */
const MONEY_SETTLED: readonly PaymentStatusName[] = ["paid", "refund_due", "refunded"];

/**
 * The tailor's confirmation of a step that cannot be undone: "sewn" (with a warning while the money
 * is not confirmed), or declining or canceling, with the reason the customer will read. Drawn only
 * when the order page is opened with `?confirm=` (merchant-order.tsx loads it then, as a lazy part).
 */
export function TailorConfirmDialog({
  step,
  order,
  here,
  cancelHeadline,
  reasonError,
}: {
  step: ConfirmedStep;
  order: {
    id: number;
    name: string;
    quantity: number;
    buyerUser: { name: string };
    payment: { status: PaymentStatusName } | null;
  };
  here: string;
  cancelHeadline: string | null;
  reasonError?: string;
}) {
  if (step === "complete")
    // "ตัดเย็บเสร็จแล้ว" is asked about too (issue 46), with a warning while the money is not confirmed.
    return (
      <ConfirmDialog
        title={`ตัดเย็บคำสั่งซื้อ #${order.id} เสร็จแล้ว?`}
        closeTo={here}
        fields={{ intent: "complete" }}
        confirmLabel="ยืนยันตัดเย็บเสร็จแล้ว"
        backLabel="กลับ ยังไม่เสร็จ"
      >
        <p>
          ลูกค้าจะเห็นสถานะ “{statusLabel("completed")}” และได้รับแจ้งว่า “{HEADLINES.completed.customer}” เปลี่ยนกลับไม่ได้
        </p>
        {order.payment && !MONEY_SETTLED.includes(order.payment.status) ? (
          <p
            data-testid="complete-payment-warning"
            className="rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-950 ring-1 ring-amber-300"
          >
            ยังไม่ได้ยืนยันการชำระเงิน ({paymentLabel(order.payment.status)}) ตรวจสอบสลิปหรือบันทึกการรับเงินก่อนส่งเสื้อให้ลูกค้า
          </p>
        ) : null}
      </ConfirmDialog>
    );
  return (
    <ConfirmDialog
      title={step === "decline" ? `ไม่รับงานคำสั่งซื้อ #${order.id}?` : `ยกเลิกคำสั่งซื้อ #${order.id}?`}
      closeTo={here}
      // The question stays in the address: a refused reason comes back with the dialog open.
      action={`${here}?confirm=${step}`}
      fields={{ intent: step }}
      formFields={
        <CancelReasonFields reasons={TAILOR_CANCEL_REASONS} hint="ลูกค้าจะเห็นเหตุผลนี้ในหน้าคำสั่งซื้อ" error={reasonError} />
      }
      confirmLabel={step === "decline" ? "ยืนยันไม่รับงาน" : "ยืนยันยกเลิกคำสั่งซื้อ"}
      backLabel="กลับ ไม่เปลี่ยนแปลง"
    >
      <p>
        {order.name} ของคุณ{order.buyerUser.name} ({order.quantity} ตัว) จะถูกยกเลิก และย้อนกลับไม่ได้
      </p>
      <p>
        ลูกค้าจะเห็นสถานะ “{statusLabel("canceled")}” ในหน้าคำสั่งซื้อ และได้รับแจ้งว่า “{cancelHeadline}” (ทาง LINE ด้วย
        หากเชื่อมต่อไว้)
      </p>
    </ConfirmDialog>
  );
}
