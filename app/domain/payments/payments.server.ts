import { isUniqueViolation } from "~/data/database-errors.server";
import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import type { EventActor } from "~/data/generated/enums";
import { DomainError } from "~/domain/errors";
import { prepareSlipPhoto, type ReceivedPhoto } from "~/domain/images/store.server";
import { notify } from "~/domain/notifications/notify.server";
import { paymentNewsText } from "~/domain/notifications/order-messages";
import { queueOrderMessage } from "~/domain/notifications/outbox.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { lockOrderForStep } from "~/domain/orders/order-lock.server";
import { PAYMENT_ANSWERS } from "./payment-answers.server";
import { rejectSlipSchema } from "./payment-forms";
import {
  canSendSlip,
  PAYMENT_ACTIONS,
  type PaymentAction,
  type PaymentStatusName,
  paymentTarget,
  SLIP_FROM,
} from "./payment-states";
import { formatPromptPayId } from "./promptpay";
import { promptPayPayload } from "./promptpay-qr.server";
import { bankName } from "./slip-qr";
import { readSlipQr } from "./slip-qr.server";
import { checkSlip, type SlipCheckResult } from "./slip-verify.server";

/**
 * An order's money (issue 21): its payment record beside the status, the buyer's slip and the
 * tailor's steps. Every step is ONE conditional update (`where status in <the states it starts
 * from>`) with its order event and LINE message, in one transaction: a second click, a racing
 * second tailor tab or a stale page changes nothing twice.
 */

type Tx = Prisma.TransactionClient;

/** Where the buyer's JSON and pages find the QR and the slip. */
export const paymentPaths = {
  /** The QR as a PNG (issue 45: a picture a phone saves and a banking app reads); …/qr.svg still answers. */
  qr: (orderId: number) => `/api/orders/${orderId}/payment/qr.png`,
  slip: (orderId: number) => `/api/orders/${orderId}/payment/slip`,
  /** The confirmed deposit's slip, once the balance's slip has taken the current slip's place. */
  depositSlip: (orderId: number) => `/api/orders/${orderId}/payment/slip?part=deposit`,
};

/** Where one part of a payment with a deposit stands (issue 49). */
export type PartStatus = "unpaid" | "slip_sent" | "paid" | "cash_on_delivery";

export interface PaymentView {
  status: PaymentStatusName;
  /** The order's total. */
  amount: number;
  /** What the buyer pays now: the deposit, then the balance (the whole amount without a deposit); 0 when nothing is owed. */
  due: number;
  /** With a deposit (issue 49): the deposit first, then the balance (paid by slip, cash, or on delivery). */
  deposit: { amount: number; status: PartStatus } | null;
  balance: { amount: number; status: PartStatus } | null;
  /** What is owed back (refund_due) or was given back (refunded): what was actually paid. */
  refundAmount: number | null;
  method: "promptpay" | "cash" | null;
  slipUrl: string | null;
  slipSentAt: Date | null;
  /** The current slip and what its QR says (issue 49): reference and bank null when it had no slip QR. */
  slip: {
    url: string;
    sentAt: Date | null;
    reference: string | null;
    bankCode: string | null;
    bankName: string | null;
    /** What the slip-checking service said (issue 49), when one is set up and was asked. */
    check: { result: SlipCheckResult; note: string | null } | null;
  } | null;
  rejectReason: string | null;
  paidAt: Date | null;
  refundedAt: Date | null;
  /** Where to pay: the tailor's PromptPay and the code for exactly this amount; null when the tailor has none. */
  promptpay: { name: string; id: string; payload: string; qrUrl: string } | null;
}

/** What a payment's view reads (`toPaymentView`): also the order page's one statement (orders/queries.server.ts). */
export const paymentSelect = {
  orderId: true,
  status: true,
  amount: true,
  method: true,
  slipImageId: true,
  depositSlipImageId: true,
  slipSentAt: true,
  slipBankCode: true,
  slipReference: true,
  slipCheck: true,
  slipCheckNote: true,
  rejectReason: true,
  paidAt: true,
  refundedAt: true,
  depositAmount: true,
  depositPaidAt: true,
  cashOnDelivery: true,
  order: { select: { seller: { select: { promptpayId: true, promptpayName: true } } } },
} satisfies Prisma.OrderPaymentSelect;

type PaymentRow = Prisma.OrderPaymentGetPayload<{ select: typeof paymentSelect }>;

const satang = (value: number) => Math.round(value * 100);

/** The deposit and the balance of a payment that has a deposit, and what is due now. */
function partsOf(row: PaymentRow, amount: number) {
  const deposit = row.depositAmount === null ? null : Number(row.depositAmount.toString());
  const settled = row.status === "paid" || row.status === "refund_due" || row.status === "refunded";
  if (deposit === null) return { deposit: null, balance: null, due: settled ? 0 : amount };
  const balance = (satang(amount) - satang(deposit)) / 100;
  const depositPaid = row.depositPaidAt !== null;
  const depositStatus: PartStatus = depositPaid ? "paid" : row.status === "slip_sent" ? "slip_sent" : "unpaid";
  const balanceStatus: PartStatus =
    row.paidAt !== null
      ? "paid"
      : !depositPaid
        ? "unpaid"
        : row.status === "slip_sent"
          ? "slip_sent"
          : row.cashOnDelivery
            ? "cash_on_delivery"
            : "unpaid";
  return {
    deposit: {
      amount: deposit,
      status: depositStatus,
      // Its slip, once the balance's has taken the current slip's place (before, the current one is it).
      slipUrl: row.depositSlipImageId ? paymentPaths.depositSlip(row.orderId) : null,
    },
    balance: { amount: balance, status: balanceStatus },
    due: settled ? 0 : depositPaid ? balance : deposit,
  };
}

export function toPaymentView(row: PaymentRow): PaymentView {
  const amount = Number(row.amount.toString());
  const seller = row.order.seller;
  const parts = partsOf(row, amount);
  const refunding = row.status === "refund_due" || row.status === "refunded";
  return {
    status: row.status,
    amount,
    ...parts,
    refundAmount: refunding ? (row.paidAt ? amount : (parts.deposit?.amount ?? amount)) : null,
    method: row.method,
    slipUrl: row.slipImageId ? paymentPaths.slip(row.orderId) : null,
    slipSentAt: row.slipSentAt,
    slip: row.slipImageId
      ? {
          url: paymentPaths.slip(row.orderId),
          sentAt: row.slipSentAt,
          reference: row.slipReference,
          bankCode: row.slipBankCode,
          bankName: bankName(row.slipBankCode),
          check: row.slipCheck ? { result: row.slipCheck as SlipCheckResult, note: row.slipCheckNote } : null,
        }
      : null,
    rejectReason: row.rejectReason,
    paidAt: row.paidAt,
    refundedAt: row.refundedAt,
    promptpay:
      seller?.promptpayId && seller.promptpayName
        ? {
            name: seller.promptpayName,
            id: formatPromptPayId(seller.promptpayId),
            // The code for what is due now (the deposit, then the balance); the whole once settled.
            payload: promptPayPayload(seller.promptpayId, parts.due || amount),
            qrUrl: paymentPaths.qr(row.orderId),
          }
        : null,
  };
}

/** The payment of an order, or null while it has none (not yet accepted, or canceled before). */
export async function findPayment(orderId: number): Promise<PaymentView | null> {
  const row = await db().orderPayment.findUnique({ where: { orderId }, select: paymentSelect });
  return row ? toPaymentView(row) : null;
}

/**
 * Opens an order's payment when the tailor takes it (or an admin moves it on): unpaid, for the
 * order's total. Called by the status move in the same transaction, before the status update
 * (moveOrder); once only (the order id is the key, and a second open is ignored). The order's row
 * is locked as its total is copied, so no change to the total can come between the two.
 */
export async function openPayment(tx: Tx, orderId: number): Promise<void> {
  // The tailor's deposit (issue 49), copied as the order is taken: its percent of the total rounded
  // up to the baht (depositOf), and whether the balance may be paid on delivery.
  await tx.$executeRaw`
    INSERT INTO "OrderPayment" ("orderId", "status", "amount", "depositAmount", "cashOnDelivery", "updatedAt")
    SELECT o."id", 'unpaid', o."totalPrice",
      CASE WHEN s."depositPercent" > 0 THEN LEAST(o."totalPrice", CEIL(o."totalPrice" * s."depositPercent" / 100)) END,
      COALESCE(s."cashOnDelivery", false), CURRENT_TIMESTAMP
    FROM "Order" o LEFT JOIN "User" s ON s."id" = o."sellerId"
    WHERE o."id" = ${orderId} AND o."totalPrice" IS NOT NULL
    FOR NO KEY UPDATE OF o
    ON CONFLICT ("orderId") DO NOTHING`;
}

/**
 * A paid order that is canceled owes its buyer a refund: paid → refund_due, in the cancel's
 * transaction, by whoever canceled (the tailor, an admin, or the shop itself).
 */
export async function markRefundDue(tx: Tx, orderId: number, actor: StepActor): Promise<void> {
  // Nothing was paid (or it is settled already): nothing to give back. A deposit is given back.
  const status = await lockPayment(tx, orderId);
  if (status !== "paid" && status !== "deposit_paid") return;
  await movePayment(tx, { orderId, from: ["paid", "deposit_paid"], to: "refund_due", actor });
}

export interface StepActor {
  id: number | null;
  role: EventActor;
}

interface PaymentMove {
  orderId: number;
  from: readonly PaymentStatusName[];
  to: PaymentStatusName;
  actor: StepActor;
  note?: string | null;
  data?: Prisma.OrderPaymentUncheckedUpdateManyInput;
}

/**
 * Locks an order's payment row until the step's transaction ends, and reads its status then (null:
 * no payment yet). Steps on one payment thus follow one another, each starting from the state the
 * one before left, which is the state its event records (never a state read before another step
 * committed). Taken after the order's own lock (lockOrderForStep, lockOrderForMove), always in that
 * order.
 */
async function lockPayment(tx: Tx, orderId: number): Promise<PaymentStatusName | null> {
  const rows = await tx.$queryRaw<{ status: PaymentStatusName }[]>`
    SELECT "status"::text AS "status" FROM "OrderPayment" WHERE "orderId" = ${orderId} FOR UPDATE`;
  return rows[0]?.status ?? null;
}

/** The one place a payment changes: the update from the state it holds locked, its event and the LINE message to the other side. */
async function movePayment(tx: Tx, move: PaymentMove): Promise<void> {
  const current = await lockPayment(tx, move.orderId);
  if (!current) throw new DomainError("conflict", PAYMENT_ANSWERS.notYet);
  if (!move.from.includes(current)) throw new DomainError("conflict", PAYMENT_ANSWERS.changedMeanwhile);
  const { count } = await tx.orderPayment.updateMany({
    where: { orderId: move.orderId, status: current },
    data: { ...move.data, status: move.to },
  });
  if (count !== 1) throw new DomainError("conflict", PAYMENT_ANSWERS.changedMeanwhile);
  const event = await tx.orderEvent.create({
    data: {
      orderId: move.orderId,
      kind: "payment",
      paymentFrom: current,
      paymentTo: move.to,
      note: move.note ?? null,
      actorId: move.actor.id,
      actorRole: move.actor.role,
    },
    select: { id: true },
  });
  await queueOrderMessage(tx, {
    eventId: event.id,
    orderId: move.orderId,
    // The buyer's slip goes to the tailor; the tailor's steps to the buyer; a refund owed to both.
    audiences: move.to === "slip_sent" ? ["tailor"] : move.to === "refund_due" ? ["customer", "tailor"] : ["customer"],
    text: (audience, baseUrl) =>
      paymentNewsText({ orderId: move.orderId, to: move.to, note: move.note ?? null, audience, baseUrl }),
  });
  await notify(tx, {
    kind: "payment",
    orderId: move.orderId,
    from: current,
    to: move.to,
    actorId: move.actor.id,
    note: move.note,
  });
}

/**
 * The buyer sends the transfer slip (a photo checked by its content, shrunk to at most 1,600 px and
 * re-encoded without its EXIF): unpaid or slip_sent → slip_sent; a new slip replaces the last. The
 * slip's own QR is read (its bank and transaction reference kept beside it), and the slip is written
 * down as used (UsedSlip): a reference or a picture used before, on any order, is refused by the
 * database's unique keys, so twenty buyers sending one slip at once get one payment (issue 49).
 */
export async function sendSlip(input: { orderId: number; buyerId: number; photo: ReceivedPhoto }): Promise<void> {
  const { orderId, buyerId } = input;
  // The order is checked before the photo is worked on, and again under the lock.
  const order = await db().order.findUnique({
    where: { id: orderId },
    select: {
      buyerId: true,
      status: true,
      seller: { select: { promptpayId: true } },
      payment: { select: paymentSelect },
    },
  });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  if (order.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (!order.payment) throw new DomainError("conflict", PAYMENT_ANSWERS.notYet);
  if (!canSendSlip(order.status, order.payment.status))
    throw new DomainError("conflict", PAYMENT_ANSWERS.cannotSendSlip);
  const { pixels, receivedSha256, ...picture } = await prepareSlipPhoto(input.photo);
  const qr = await readSlipQr(pixels);
  // The checking service, when there is one, is asked before anything is written (never inside a
  // transaction); whatever it says or fails to say, the slip goes on as before.
  const check = qr
    ? await checkSlip({
        reference: qr.reference,
        bankCode: qr.bankCode,
        expectedAmount: toPaymentView(order.payment).due || Number(order.payment.amount.toString()),
        promptpayId: order.seller?.promptpayId ?? null,
      })
    : null;
  try {
    await db().$transaction(async (tx) => {
      const locked = await lockOrderForStep(tx, orderId);
      const payment = await lockPayment(tx, orderId);
      if (!payment || !canSendSlip(locked.status, payment))
        throw new DomainError("conflict", PAYMENT_ANSWERS.cannotSendSlip);
      // The slip the new one replaces. Never accepted (asked again for, or replaced while waiting),
      // its picture is seen nowhere once the new one takes its place (its hash stays in usedSlip, the
      // ask and its reason in the order's events), so it goes. The confirmed deposit's slip, replaced
      // by the balance's first slip, shows money received: it moves to depositSlipImageId.
      const replaced = await tx.orderPayment.findUniqueOrThrow({
        where: { orderId },
        select: { slipImageId: true, depositSlipImageId: true },
      });
      const keepAsDeposit = payment === "deposit_paid" && replaced.depositSlipImageId === null;
      await tx.usedSlip.create({
        data: { orderId, sha256: receivedSha256, reference: qr?.reference ?? null, bankCode: qr?.bankCode ?? null },
        select: { id: true },
      });
      const image = await tx.storedImage.create({
        data: { ...picture, private: true },
        select: { id: true },
      });
      await movePayment(tx, {
        orderId,
        from: SLIP_FROM,
        to: "slip_sent",
        actor: { id: buyerId, role: "user" },
        data: {
          slipImageId: image.id,
          slipSentAt: new Date(),
          slipBankCode: qr?.bankCode ?? null,
          slipReference: qr?.reference ?? null,
          slipCheck: check?.result ?? null,
          slipCheckNote: check?.note ?? null,
          rejectReason: null,
          ...(keepAsDeposit ? { depositSlipImageId: replaced.slipImageId } : {}),
        },
      });
      if (replaced.slipImageId && !keepAsDeposit)
        await tx.storedImage.deleteMany({ where: { id: replaced.slipImageId } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("conflict", PAYMENT_ANSWERS.slipUsedBefore);
    throw error;
  }
}

/** The reason a tailor gives for asking again, checked by the form's own schema (the JSON call too). */
function rejectReasonOf(input: unknown): string {
  const parsed = rejectSlipSchema().safeParse({ reason: typeof input === "string" ? input : undefined });
  if (!parsed.success) throw new DomainError("bad_input", parsed.error.issues[0]!.message);
  return parsed.data.reason;
}

/**
 * The tailor's step on the payment: confirm a slip, ask again (with a reason), record cash or
 * another payment, or record a refund. Only the order's own tailor.
 */
export async function decidePayment(input: {
  orderId: number;
  tailorId: number;
  action: PaymentAction;
  reason?: unknown;
}): Promise<PaymentStatusName> {
  const { orderId, tailorId, action } = input;
  const reason = action === "reject" ? rejectReasonOf(input.reason) : null;
  return db().$transaction(async (tx) => {
    const order = await lockOrderForStep(tx, orderId);
    if (order.sellerId !== tailorId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
    const payment = await lockPayment(tx, orderId);
    if (!payment) throw new DomainError("conflict", PAYMENT_ANSWERS.notYet);
    const step = PAYMENT_ACTIONS[action];
    if (!step.from.includes(payment) || (action === "cash" && order.status === "canceled"))
      throw new DomainError("conflict", PAYMENT_ANSWERS.changedMeanwhile);
    // Read under the payment's lock: whether a deposit is asked, and whether it is confirmed yet.
    const terms = await tx.orderPayment.findUniqueOrThrow({
      where: { orderId },
      select: { depositAmount: true, depositPaidAt: true },
    });
    const deposit = { asked: terms.depositAmount !== null, paid: terms.depositPaidAt !== null };
    const to = paymentTarget(action, order.status, deposit);
    const now = new Date();
    const data: Prisma.OrderPaymentUncheckedUpdateManyInput =
      action === "reject"
        ? { rejectReason: reason }
        : action === "refunded"
          ? { refundedAt: now }
          : to === "deposit_paid"
            ? { depositPaidAt: now, rejectReason: null }
            : // A canceled order's deposit slip confirmed: only the deposit was paid.
              deposit.asked && !deposit.paid && action === "confirm"
              ? { depositPaidAt: now, rejectReason: null }
              : { paidAt: now, method: action === "cash" ? "cash" : "promptpay", rejectReason: null };
    await movePayment(tx, {
      orderId,
      from: step.from,
      to,
      actor: { id: tailorId, role: "merchant" },
      note: action === "reject" ? reason : action === "cash" ? "รับเงินสดหรือช่องทางอื่น" : null,
      data,
    });
    return to;
  });
}

/**
 * A parcel goes out only with the money in (issue 49): an order with a deposit is sent by a carrier
 * once the balance is confirmed, or, when the tailor allows cash on delivery, once the deposit is.
 * Called by the delivery step under the order's lock (payment steps take the same lock first).
 */
export async function assertCanShip(tx: Tx, orderId: number, method: string): Promise<void> {
  if (method !== "carrier") return;
  const payment = await tx.orderPayment.findUnique({
    where: { orderId },
    select: { status: true, depositAmount: true, cashOnDelivery: true },
  });
  if (!payment || payment.depositAmount === null || payment.status === "paid") return;
  if (payment.status === "deposit_paid" && payment.cashOnDelivery) return;
  throw new DomainError("conflict", PAYMENT_ANSWERS.balanceBeforeShipping);
}

/** Who may see an order's payment and slip: its buyer, its tailor, an admin. */
export async function assertCanSeePayment(orderId: number, viewer: { id: number; roles: readonly string[] }) {
  const order = await db().order.findUnique({ where: { id: orderId }, select: { buyerId: true, sellerId: true } });
  if (!order) throw new DomainError("not_found", ORDER_MESSAGES.notFound);
  const allowed = order.buyerId === viewer.id || order.sellerId === viewer.id || viewer.roles.includes("admin");
  if (!allowed) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
}

/** The payment of an order, for its buyer, its tailor or an admin; a conflict before it has one. */
export async function paymentForViewer(
  orderId: number,
  viewer: { id: number; roles: readonly string[] },
): Promise<PaymentView> {
  await assertCanSeePayment(orderId, viewer);
  const payment = await findPayment(orderId);
  if (!payment) throw new DomainError("conflict", PAYMENT_ANSWERS.notYet);
  return payment;
}

/** The slip's image for those who may see it (it shows a bank account: never public, never cached by others). */
export async function slipImage(orderId: number, part: "current" | "deposit" = "current") {
  const picture = { select: { contentType: true, bytes: true, sha256: true } };
  const payment = await db().orderPayment.findUnique({
    where: { orderId },
    select: { slipImage: part === "current" && picture, depositSlipImage: part === "deposit" && picture },
  });
  const image = part === "deposit" ? payment?.depositSlipImage : payment?.slipImage;
  if (!image) throw new DomainError("not_found", "ยังไม่มีสลิปโอนเงินของคำสั่งซื้อนี้");
  return image;
}
