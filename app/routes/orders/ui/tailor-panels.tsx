import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { SubmitButton } from "~/components/form-fields";
import { lazyPart } from "~/components/lazy-part";
import { Form } from "~/components/post-form";
import { ReviewItem } from "~/components/reviews";
import type { CarrierChoice } from "~/domain/delivery/carriers";
import { PAYMENT_ACTIONS, type PaymentAction, paymentActionsFor } from "~/domain/payments/payment-states";
import { formatBahtExact } from "~/lib/format";
import { type DeliveryData, DeliveryFacts, DeliveryFrame } from "./delivery-panel";
import type { OrderDetailData } from "./order-detail-view";
import { PaperLink, type PaymentData, PaymentFrame, Settled, SlipLink, SlipQrFinding } from "./payment-panel";
import { HiddenNote, type OrderReviewData, ReviewFrame } from "./review-panel";
import { DeliveryForm } from "./tailor-forms";

/** Drawn only while a review waits for the tailor's answer. */
const ReplyForm = lazyPart(() => import("./reply-form").then((module) => module.ReplyForm));
const RejectSlipForm = lazyPart(() => import("./reject-slip-form").then((module) => module.RejectSlipForm));

/*
 * What the tailor does on an order's page: confirm the payment (or ask for a new slip), say how the
 * shirt comes, answer the review. The buyer's side is buyer-panels.tsx; the forms themselves are
 * in tailor-forms.tsx.
 */

/** The tailor's side: the slip, and the steps the payment allows (asking again needs a reason). */
export function TailorPaymentPanel({
  order,
  payment,
  rejectResult,
}: {
  order: Pick<OrderDetailData, "id" | "status">;
  payment: PaymentData;
  rejectResult?: SubmissionResult<string[]>;
}) {
  const actions = paymentActionsFor(order.status, payment.status);
  const buttons = actions.filter((action): action is Exclude<PaymentAction, "reject"> => action !== "reject");
  return (
    <PaymentFrame payment={payment}>
      <Settled payment={payment} />
      {payment.status === "slip_sent" ? <p>ลูกค้าส่งสลิปแล้ว ตรวจสอบยอดเงินในบัญชีของคุณก่อนยืนยัน</p> : null}
      {payment.status === "slip_sent" && payment.deposit && payment.due ? (
        <p data-testid="slip-part">
          สลิปนี้สำหรับ{payment.deposit.status === "paid" ? "ส่วนที่เหลือ" : "เงินมัดจำ"} {formatBahtExact(payment.due)}
        </p>
      ) : null}
      {payment.status === "deposit_paid" ? (
        <p>
          ได้รับเงินมัดจำแล้ว เริ่มตัดเย็บได้ ส่วนที่เหลือลูกค้าชำระก่อนจัดส่ง
          {payment.balance?.status === "cash_on_delivery" ? " หรือเก็บเงินปลายทาง" : ""}
        </p>
      ) : null}
      <SlipLink payment={payment} />
      <SlipQrFinding payment={payment} />
      {!payment.promptpay && (payment.status === "unpaid" || payment.status === "slip_sent") ? (
        <p>
          ลูกค้าจะเห็นคิวอาร์โค้ดเมื่อคุณตั้งค่าบัญชีพร้อมเพย์ที่{" "}
          <Link to="/merchant/pricing#promptpay-title" className="font-semibold text-indigo-ink underline">
            หน้าตั้งราคา
          </Link>
        </p>
      ) : null}
      {buttons.length ? (
        <Form method="post" className="flex flex-wrap gap-2">
          {buttons.map((action) => (
            <SubmitButton
              key={action}
              name="intent"
              value={`payment-${action}`}
              variant={action === "confirm" ? "primary" : "secondary"}
              pendingText="กำลังบันทึก…"
              className="min-h-11"
            >
              {PAYMENT_ACTIONS[action].button}
            </SubmitButton>
          ))}
        </Form>
      ) : null}
      {actions.includes("reject") ? <RejectSlipForm result={rejectResult} /> : null}
      {order.status === "accepted" || order.status === "completed" ? (
        <PaperLink to={`/merchant/order/${order.id}/label`}>ใบปะหน้าพัสดุ (พิมพ์ได้)</PaperLink>
      ) : null}
    </PaymentFrame>
  );
}

/** How the shirt comes: what the buyer was told, and the form to tell them or change it. */
export function TailorDeliveryPanel({
  delivery,
  carriers,
  result,
}: {
  delivery: DeliveryData | null;
  carriers: CarrierChoice[];
  result?: SubmissionResult<string[]>;
}) {
  return (
    <DeliveryFrame>
      {delivery ? <DeliveryFacts delivery={delivery} /> : <p>ยังไม่ได้แจ้งลูกค้าว่าจะส่งเสื้ออย่างไร</p>}
      <DeliveryForm delivery={delivery} carriers={carriers} result={result} />
    </DeliveryFrame>
  );
}

/** The tailor: the review, and one answer. */
export function TailorReviewPanel({
  review,
  result,
}: {
  review: OrderReviewData;
  result?: SubmissionResult<string[]>;
}) {
  return (
    <ReviewFrame>
      <ReviewItem review={review} replyLabel="คำตอบของร้านคุณ" />
      <HiddenNote review={review} />
      {review.reply === null ? <ReplyForm result={result} /> : null}
    </ReviewFrame>
  );
}
