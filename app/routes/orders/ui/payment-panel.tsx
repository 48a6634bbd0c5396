import { Link } from "react-router";
import { PaymentBadge } from "~/components/payment-badge";
import type { PaymentStatusName } from "~/domain/payments/payment-states";
import { formatBahtExact, formatThaiDateTime } from "~/lib/format";

type PartStatusName = "unpaid" | "slip_sent" | "paid" | "cash_on_delivery";

const PART_WORDS: Record<PartStatusName, string> = {
  unpaid: "ยังไม่ได้ชำระ",
  slip_sent: "ส่งสลิปแล้ว รอตรวจ",
  paid: "ชำระแล้ว",
  cash_on_delivery: "เก็บเงินปลายทาง",
};

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
  /** What is due now, and the deposit and balance when the tailor asks a deposit (issue 49). */
  due?: number;
  /** The deposit's slipUrl: its slip, once the balance's slip has taken the current slip's place. */
  deposit?: { amount: number; status: PartStatusName; slipUrl?: string | null } | null;
  balance?: { amount: number; status: PartStatusName } | null;
  refundAmount?: number | null;
  /** The current slip and what its QR says (issue 49). */
  slip?: {
    reference: string | null;
    bankCode: string | null;
    bankName: string | null;
    check?: { result: "match" | "mismatch" | "unavailable"; note: string | null } | null;
  } | null;
}

/** The payment panel around each side's content: the heading, the state and the amount. */
export function PaymentFrame({ children, payment }: { children: React.ReactNode; payment: PaymentData }) {
  return (
    // `#payment`: where the orders list's and the sticky bar's "ชำระเงิน" lead (clear of the top bar).
    <section
      id="payment"
      aria-labelledby="payment-heading"
      className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="payment-heading" className="text-lg font-semibold text-indigo-ink">
          การชำระเงิน
        </h2>
        <PaymentBadge status={payment.status} />
      </div>
      {payment.deposit && payment.balance ? (
        <dl
          data-testid="payment-parts"
          className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700"
        >
          <dt>ยอดรวม</dt>
          <dd className="font-semibold">{formatBahtExact(payment.amount)}</dd>
          <dt>เงินมัดจำ</dt>
          <dd>
            {formatBahtExact(payment.deposit.amount)} · {PART_WORDS[payment.deposit.status]}
            {payment.deposit.slipUrl ? (
              <>
                {" · "}
                <a
                  href={payment.deposit.slipUrl}
                  target="_blank"
                  rel="noopener"
                  data-testid="deposit-slip-link"
                  className="whitespace-nowrap text-indigo-ink underline"
                >
                  ดูสลิปมัดจำ
                </a>
              </>
            ) : null}
          </dd>
          <dt>ส่วนที่เหลือ</dt>
          <dd>
            {formatBahtExact(payment.balance.amount)} · {PART_WORDS[payment.balance.status]}
          </dd>
        </dl>
      ) : null}
      {payment.deposit && payment.due ? (
        <p className="mt-2 text-stone-700">
          ยอดที่ต้องชำระตอนนี้{" "}
          <span data-testid="payment-due" className="text-xl font-semibold text-indigo-ink">
            {formatBahtExact(payment.due)}
          </span>
        </p>
      ) : payment.deposit ? null : (
        <p className="mt-2 text-stone-700">
          ยอดที่ต้องชำระ <span className="text-xl font-semibold text-indigo-ink">{formatBahtExact(payment.amount)}</span>
        </p>
      )}
      <div className="mt-3 space-y-3 text-sm text-stone-700">{children}</div>
    </section>
  );
}

/** What has happened to the money so far, in a line or two (every side reads the same). */
export function Settled({ payment }: { payment: PaymentData }) {
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
          คำสั่งซื้อถูกยกเลิกหลังชำระเงิน ช่างตัดต้องคืนเงิน {formatBahtExact(payment.refundAmount ?? payment.amount)}
          {payment.deposit && payment.refundAmount === payment.deposit.amount ? " (เงินมัดจำที่ชำระแล้ว)" : ""} ให้ลูกค้า
        </p>
      ) : null}
      {payment.status === "refunded" && payment.refundedAt ? (
        <p>
          คืนเงิน {formatBahtExact(payment.refundAmount ?? payment.amount)} ให้ลูกค้าแล้วเมื่อ{" "}
          {formatThaiDateTime(payment.refundedAt)}
        </p>
      ) : null}
    </>
  );
}

export function SlipLink({ payment }: { payment: PaymentData }) {
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
 * What the slip's own QR said (issue 49): the sending bank and the transaction reference, or that
 * there was none and the account must be checked by hand. For the tailor (and admins).
 */
export function SlipQrFinding({ payment }: { payment: PaymentData }) {
  const slip = payment.slip;
  if (!payment.slipUrl || !slip) return null;
  return (
    <>
      {slip.reference ? (
        <p data-testid="slip-qr" className="rounded-lg bg-emerald-50 p-3 text-emerald-900 ring-1 ring-emerald-200">
          ตรวจพบคิวอาร์บนสลิป: {slip.bankName ?? `ธนาคารรหัส ${slip.bankCode}`} เลขอ้างอิง{" "}
          <span className="font-mono break-all">{slip.reference}</span>
        </p>
      ) : (
        <p data-testid="slip-qr" className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
          ไม่พบคิวอาร์บนสลิป กรุณาตรวจสอบยอดเงินในบัญชีด้วยตนเอง
        </p>
      )}
      {slip.check ? <SlipCheckNote check={slip.check} /> : null}
    </>
  );
}

const CHECK_LOOK = {
  match: { title: "บริการตรวจสลิป: ตรงกับคำสั่งซื้อ", className: "bg-emerald-50 text-emerald-900 ring-emerald-200" },
  mismatch: { title: "บริการตรวจสลิป: ไม่ตรงกับคำสั่งซื้อ", className: "bg-red-50 text-red-900 ring-red-200" },
  unavailable: { title: "บริการตรวจสลิป: ตรวจไม่ได้", className: "bg-stone-50 text-stone-800 ring-stone-200" },
} as const;

/** What the slip-checking service said (issue 49): a match, a mismatch and why, or that it could not say. */
function SlipCheckNote({ check }: { check: NonNullable<NonNullable<PaymentData["slip"]>["check"]> }) {
  const look = CHECK_LOOK[check.result];
  return (
    <p data-testid="slip-check" className={`rounded-lg p-3 ring-1 ${look.className}`}>
      <strong>{look.title}</strong>
      {check.note ? ` ${check.note}` : ""}
    </p>
  );
}

/** A link to one of the order's papers (the receipt, the parcel label: issue 49), opened as a page to print. */
export function PaperLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <p>
      <Link
        to={to}
        className="inline-flex min-h-11 items-center rounded-xl bg-silk-soft px-4 font-semibold text-indigo-ink ring-1 ring-silk/50 hover:ring-silk"
      >
        {children}
      </Link>
    </p>
  );
}

/** An admin (or anyone reading only): the state, the amount, the slip. */
export function ReadOnlyPaymentPanel({ payment }: { payment: PaymentData }) {
  return (
    <PaymentFrame payment={payment}>
      <Settled payment={payment} />
      <SlipLink payment={payment} />
      <SlipQrFinding payment={payment} />
    </PaymentFrame>
  );
}
