import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { PaymentBadge } from "~/components/payment-badge";
import {
  canSendSlip,
  PAYMENT_ACTIONS,
  PAYMENT_MESSAGES,
  type PaymentAction,
  type PaymentStatusName,
  paymentActionsFor,
  REJECT_REASON_MAX,
} from "~/domain/payments/payment-states";
import { formatBahtExact, formatThaiDateTime } from "~/lib/format";
import type { OrderDetailData } from "./order-detail-view";

/** The payment as pages get it (dates are strings once sent to the browser). */
export interface PaymentData {
  status: PaymentStatusName;
  amount: number;
  method: "promptpay" | "cash" | null;
  slipUrl: string | null;
  slipSentAt: Date | string | null;
  rejectReason: string | null;
  paidAt: Date | string | null;
  refundedAt: Date | string | null;
  promptpay: { name: string; id: string; payload: string; qrUrl: string } | null;
}

function PanelFrame({ children, payment }: { children: React.ReactNode; payment: PaymentData }) {
  return (
    <section aria-labelledby="payment-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-heading" className="text-lg font-semibold text-indigo-ink">
          การชำระเงิน
        </h2>
        <PaymentBadge status={payment.status} />
      </div>
      <p className="mt-2 text-stone-700">
        ยอดที่ต้องชำระ <span className="text-xl font-semibold text-indigo-ink">{formatBahtExact(payment.amount)}</span>
      </p>
      <div className="mt-3 space-y-3 text-sm text-stone-700">{children}</div>
    </section>
  );
}

/** What has happened to the money so far, in a line or two (every side reads the same). */
function Settled({ payment }: { payment: PaymentData }) {
  return (
    <>
      {payment.status === "unpaid" && payment.rejectReason ? (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
          ช่างตัดขอสลิปใหม่: {payment.rejectReason}
        </p>
      ) : null}
      {payment.paidAt &&
      (payment.status === "paid" || payment.status === "refund_due" || payment.status === "refunded") ? (
        <p>
          ได้รับเงินเมื่อ {formatThaiDateTime(payment.paidAt)}
          {payment.method === "cash" ? " (เงินสดหรือช่องทางอื่น)" : " (โอนพร้อมเพย์)"}
        </p>
      ) : null}
      {payment.status === "refund_due" ? (
        <p className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          คำสั่งซื้อถูกยกเลิกหลังชำระเงิน ช่างตัดต้องคืนเงิน {formatBahtExact(payment.amount)} ให้ลูกค้า
        </p>
      ) : null}
      {payment.status === "refunded" && payment.refundedAt ? (
        <p>คืนเงินให้ลูกค้าแล้วเมื่อ {formatThaiDateTime(payment.refundedAt)}</p>
      ) : null}
    </>
  );
}

function SlipLink({ payment }: { payment: PaymentData }) {
  if (!payment.slipUrl) return null;
  return (
    <figure>
      <a href={payment.slipUrl} target="_blank" rel="noopener" className="inline-block">
        <img
          src={payment.slipUrl}
          alt="สลิปโอนเงินที่ลูกค้าส่ง"
          width={160}
          height={240}
          loading="lazy"
          className="h-60 w-40 rounded-lg bg-stone-50 object-contain ring-1 ring-stone-200"
        />
      </a>
      <figcaption className="mt-1 text-xs text-stone-500">
        {payment.slipSentAt ? `ส่งเมื่อ ${formatThaiDateTime(payment.slipSentAt)} · ` : ""}
        <a href={payment.slipUrl} target="_blank" rel="noopener" className="text-indigo-ink underline">
          เปิดสลิปขนาดเต็ม
        </a>
      </figcaption>
    </figure>
  );
}

/**
 * The buyer's side: the Thai QR code for exactly the amount (drawn on the server: it shows without
 * JavaScript), the account it pays, the payload as text and a download, and the slip upload.
 */
export function BuyerPaymentPanel({
  order,
  payment,
  qrSvg,
}: {
  order: Pick<OrderDetailData, "id" | "status">;
  payment: PaymentData;
  qrSvg: string | null;
}) {
  const open = canSendSlip(order.status, payment.status);
  return (
    <PanelFrame payment={payment}>
      <Settled payment={payment} />
      {open && payment.promptpay && qrSvg ? (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <div
            role="img"
            aria-label={`คิวอาร์โค้ดพร้อมเพย์ ยอด ${formatBahtExact(payment.amount)} ชำระให้ ${payment.promptpay.name}`}
            className="mx-auto w-48 max-w-full rounded-lg bg-white ring-1 ring-stone-200 [&>svg]:h-auto [&>svg]:w-full"
            // Drawn by the server from the payload (qrcode's SVG: paths only, nothing the buyer typed).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR drawing, no user text inside
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <div className="min-w-0 space-y-2">
            <p>
              สแกนด้วยแอปธนาคารใดก็ได้ ยอดเงินจะขึ้นให้ตรงกับคำสั่งซื้อนี้
              <br />
              ชื่อบัญชี <span className="font-semibold text-stone-900">{payment.promptpay.name}</span>
              <br />
              พร้อมเพย์ <span className="font-semibold text-stone-900">{payment.promptpay.id}</span>
            </p>
            <a
              href={`${payment.promptpay.qrUrl}?download=1`}
              download={`promptpay-order-${order.id}.svg`}
              className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
            >
              ดาวน์โหลดคิวอาร์โค้ด
            </a>
            <details>
              <summary className="min-h-11 cursor-pointer py-2 text-indigo-ink">ข้อมูลคิวอาร์โค้ดแบบข้อความ</summary>
              <p data-testid="promptpay-payload" className="break-all rounded bg-stone-50 p-2 font-mono text-xs">
                {payment.promptpay.payload}
              </p>
            </details>
          </div>
        </div>
      ) : null}
      {open && !payment.promptpay ? <p>{PAYMENT_MESSAGES.noPromptPay}</p> : null}
      <SlipLink payment={payment} />
      {open ? (
        <Form method="post" encType="multipart/form-data" className="space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="slip" />
          <label className="block font-semibold text-stone-700">
            {payment.status === "slip_sent" ? "ส่งสลิปใหม่แทนใบเดิม" : "แนบสลิปโอนเงิน"}
            <span className="block font-normal text-stone-500">รูปภาพ JPEG, PNG หรือ WebP ไม่เกิน 5 MB</span>
            <input
              name="slip"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp"
              className="mt-1 block w-full text-sm file:mr-2 file:min-h-11 file:rounded-lg file:border-0 file:bg-silk-soft file:px-3 file:py-2 file:text-indigo-ink"
            />
          </label>
          <SubmitButton name="intent" value="slip" pendingText="กำลังส่งสลิป…" className="min-h-11">
            ส่งสลิปโอนเงิน
          </SubmitButton>
        </Form>
      ) : null}
    </PanelFrame>
  );
}

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
    <PanelFrame payment={payment}>
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
    </PanelFrame>
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

/** An admin (or anyone reading only): the state, the amount, the slip. */
export function ReadOnlyPaymentPanel({ payment }: { payment: PaymentData }) {
  return (
    <PanelFrame payment={payment}>
      <Settled payment={payment} />
      <SlipLink payment={payment} />
    </PanelFrame>
  );
}
