import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { ErrorList, Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { ReviewItem } from "~/components/reviews";
import { CARRIER_INFO, CARRIERS } from "~/domain/delivery/carriers";
import {
  PAYMENT_ACTIONS,
  type PaymentAction,
  paymentActionsFor,
  REJECT_REASON_MAX,
} from "~/domain/payments/payment-states";
import { REPLY_MAX } from "~/domain/reviews/review-rules";
import { type DeliveryData, DeliveryFacts } from "./delivery-panel";
import type { OrderDetailData } from "./order-detail-view";
import { type PaymentData, PaymentFrame, Settled, SlipLink } from "./payment-panel";
import { HiddenNote, type OrderReviewData, ReviewFrame } from "./review-panel";

/*
 * What the tailor does on an order's page: confirm the payment (or ask for a new slip), say how the
 * shirt comes, answer the review. The buyer's side is buyer-panels.tsx.
 */

const rejectSchema = () => import("~/domain/payments/payment-forms").then((module) => module.rejectSlipSchema());

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
      <SlipLink payment={payment} />
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
    </PaymentFrame>
  );
}

function RejectSlipForm({ result }: { result?: SubmissionResult<string[]> }) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "reject-slip",
    schema: rejectSchema,
    lastResult: result,
  });
  return (
    <Form method="post" {...formProps} className="space-y-2 border-t border-stone-100 pt-3">
      <input type="hidden" name="intent" value="payment-reject" />
      <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
      <Field
        label="ขอสลิปใหม่ เพราะ"
        hint="ลูกค้าจะเห็นข้อความนี้ เช่น ยอดเงินไม่ตรง หรือสลิปไม่ชัด"
        textareaProps={{
          ...getTextareaProps(fields.reason),
          rows: 2,
          maxLength: REJECT_REASON_MAX,
          autoFocus: focusFirst("reason"),
        }}
        errors={fields.reason.errors}
      />
      <SubmitButton
        name="intent"
        value="payment-reject"
        variant="secondary"
        pendingText="กำลังบันทึก…"
        className="min-h-11"
      >
        {PAYMENT_ACTIONS.reject.button}
      </SubmitButton>
    </Form>
  );
}

const deliverySchema = () => import("~/domain/delivery/delivery-form").then((module) => module.deliverySchema());

/**
 * The tailor's delivery form: pickup, or a carrier and its tracking number (checked per carrier).
 * Without JavaScript every field shows; the server ignores the carrier for a pickup.
 */
export function TailorDeliveryPanel({
  delivery,
  result,
}: {
  delivery: DeliveryData | null;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "delivery",
    schema: deliverySchema,
    lastResult: result,
    defaultValue: {
      method: delivery?.method ?? "carrier",
      carrier: delivery?.carrier ?? "thailand_post",
      trackingNumber: delivery?.trackingNumber ?? "",
    },
  });
  const method = fields.method.value ?? delivery?.method ?? "carrier";
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="delivery-heading" className="text-lg font-semibold text-indigo-ink">
        การจัดส่ง
      </h2>
      <div className="mt-2 space-y-3 text-sm text-stone-700">
        {delivery ? <DeliveryFacts delivery={delivery} /> : <p>ยังไม่ได้แจ้งลูกค้าว่าจะส่งเสื้ออย่างไร</p>}
        <Form method="post" {...formProps} className="space-y-3 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="delivery" />
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
          <fieldset>
            <legend className="font-semibold text-stone-700">วิธีส่งมอบเสื้อ</legend>
            <div className="mt-1 flex flex-wrap gap-x-4">
              {(
                [
                  ["carrier", "ส่งพัสดุ"],
                  ["pickup", "ลูกค้ารับเองที่ร้าน"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={fields.method.name}
                    value={value}
                    defaultChecked={method === value}
                    className="size-5 accent-indigo-ink"
                  />
                  {label}
                </label>
              ))}
            </div>
            <ErrorList errors={fields.method.errors} />
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="delivery-carrier" className="block font-semibold text-stone-700">
                บริษัทขนส่ง
              </label>
              <select
                id="delivery-carrier"
                name={fields.carrier.name}
                defaultValue={delivery?.carrier ?? "thailand_post"}
                aria-invalid={fields.carrier.errors?.length ? true : undefined}
                className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base"
              >
                {CARRIERS.map((carrier) => (
                  <option key={carrier} value={carrier}>
                    {CARRIER_INFO[carrier].label}
                  </option>
                ))}
              </select>
              <ErrorList errors={fields.carrier.errors} />
            </div>
            <Field
              label="เลขพัสดุ"
              hint="ไปรษณีย์ไทย เช่น EF123456785TH"
              inputProps={{
                ...getInputProps(fields.trackingNumber, { type: "text" }),
                autoComplete: "off",
                autoCapitalize: "characters",
                spellCheck: false,
                autoFocus: focusFirst("trackingNumber"),
              }}
              errors={fields.trackingNumber.errors}
            />
          </div>
          <SubmitButton name="intent" value="delivery" pendingText="กำลังบันทึก…" className="min-h-11">
            {delivery ? "แก้ไขการจัดส่ง" : "บันทึกการจัดส่งและแจ้งลูกค้า"}
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}
const replySchema = () => import("~/domain/reviews/review-forms").then((module) => module.replySchema());

/** The tailor: the review, and one answer. */
export function TailorReviewPanel({
  review,
  result,
}: {
  review: OrderReviewData;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({ id: "reply", schema: replySchema, lastResult: result });
  return (
    <ReviewFrame>
      <ReviewItem review={review} tailorName="คุณ" />
      <HiddenNote review={review} />
      {review.reply === null ? (
        <Form method="post" {...formProps} className="space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="review-reply" />
          <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
          <Field
            label="ตอบรีวิวนี้ (ตอบได้ครั้งเดียว)"
            textareaProps={{
              ...getTextareaProps(fields.reply),
              rows: 3,
              maxLength: REPLY_MAX,
              autoFocus: focusFirst("reply"),
            }}
            errors={fields.reply.errors}
          />
          <SubmitButton name="intent" value="review-reply" pendingText="กำลังบันทึก…" className="min-h-11">
            ส่งคำตอบ
          </SubmitButton>
        </Form>
      ) : null}
    </ReviewFrame>
  );
}
