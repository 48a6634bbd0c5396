import { ConfirmDialog } from "~/components/confirm-dialog";
import { BUYER_CANCEL_REASONS } from "~/domain/orders/cancel-reasons";
import { CancelReasonFields } from "./cancel-reason-fields";

/**
 * The customer's question before canceling an order no tailor has taken yet, with the reason the
 * tailor will read. Drawn only when the order's page is opened with `?confirm=cancel`
 * (user-product.tsx loads it then, as a lazy part).
 */
export function BuyerCancelDialog({
  order,
  here,
  reasonError,
}: {
  order: { id: number; name: string; quantity: number };
  here: string;
  reasonError?: string;
}) {
  return (
    <ConfirmDialog
      title={`ยกเลิกคำสั่งซื้อ #${order.id}?`}
      closeTo={here}
      // The question stays in the address: a refused reason comes back with the dialog open.
      action={`${here}?confirm=cancel`}
      fields={{ intent: "cancel" }}
      confirmLabel="ยืนยันยกเลิกคำสั่งซื้อ"
      backLabel="กลับ ไม่ยกเลิก"
      formFields={<CancelReasonFields reasons={BUYER_CANCEL_REASONS} hint="ช่างตัดจะเห็นเหตุผลนี้" error={reasonError} />}
    >
      <p>
        {order.name} ({order.quantity} ตัว) จะถูกยกเลิก และย้อนกลับไม่ได้ ช่างตัดยังไม่ได้รับงานนี้ จึงยังไม่ต้องชำระเงิน
      </p>
      <p>ยกเลิกแล้วยังสั่งอีกครั้ง หรือเลือกช่างคนอื่นได้จากหน้านี้</p>
    </ConfirmDialog>
  );
}
