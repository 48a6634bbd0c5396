import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { lazyPart } from "~/components/lazy-part";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { RECEIPT_MESSAGES } from "~/domain/delivery/receipt";
import { confirmReceipt } from "~/domain/delivery/receipt.server";
import { DomainError, isDomainError } from "~/domain/errors";
import { BUYER_CANCEL_REASONS, CANCEL_MESSAGES, reasonFromForm } from "~/domain/orders/cancel-reasons";
import { acceptDeadline } from "~/domain/orders/expiry.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import { REORDER_MESSAGES, reorder } from "~/domain/orders/reorder.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { PAYMENT_ANSWERS } from "~/domain/payments/payment-answers.server";
import { canSendSlip } from "~/domain/payments/payment-states";
import { sendSlip } from "~/domain/payments/payments.server";
import { canEditReview } from "~/domain/reviews/review-rules";
import { httpPolicy } from "~/http/limits";
import { parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { fieldsAsFormData } from "~/http/streamed-form.server";
import { formatThaiDateTime } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/user-product";
import { saveReviewFromForm } from "./save-review.server";
import { slipPhotoOf, withSlipForm } from "./slip-upload.server";
import { readOrderNotifications, threadOnPage } from "./thread.server";
import { BuyerPaymentPanel, BuyerReviewPanel } from "./ui/buyer-panels";
import { CancelReasonNote } from "./ui/cancel-reason-note";
import { DeliveryInfoPanel } from "./ui/delivery-panel";
import { ProblemNote } from "./ui/finishing-panels";
import { OrderDetailView } from "./ui/order-detail-view";
import { OrderErrorView } from "./ui/order-error";
import { OrderThread } from "./ui/order-thread";
import { ReadOnlyPaymentPanel } from "./ui/payment-panel";
import { ReadOnlyReviewPanel } from "./ui/review-panel";

/** Its forms carry a phone's photo, streamed by the route (app/http/limits.ts). */

/**
 * The question before canceling, drawn only with `?confirm=cancel`: a file of its own, loaded then
 * (docs/decisions.md, 127).
 */
const BuyerCancel = lazyPart(() => import("./ui/buyer-cancel-dialog").then((module) => module.BuyerCancelDialog));
/** "Received" or "a problem", drawn only while the shirt is on its way: loaded then. */
const BuyerReceiptPanel = lazyPart(() => import("./ui/buyer-receipt-panel").then((module) => module.BuyerReceiptPanel));

export const handle = httpPolicy({ body: "photo" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? `${loaderData.order.status === "cart" ? "รายการในตะกร้า" : "คำสั่งซื้อ"} #${loaderData.order.id}` : "รายละเอียดคำสั่งซื้อ"} | ${site.enterpriseName}`,
  },
];

/** Opening the order reads its notifications first (issue 48), so the bell on this page counts them read. */
export const middleware: Route.MiddlewareFunction[] = [readOrderNotifications];

/** The buyer's view of one order or cart item (an admin may look too). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, {
    roles: ["user", "admin"],
    messages: ORDER_MESSAGES,
    wrongRole: "forbidden",
  });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const order = await orPageError(() => getOrderFor(orderId, user, "user"));
  const isBuyer = order.buyerId === user.id;
  // The order detail carries its review (once completed and reviewed).
  const review = order.review;
  // Hidden reviews are shown to their author only (and the tailor, on the tailor's page).
  const shownReview = review && (isBuyer || !review.hidden || user.roles.includes("admin")) ? review : null;
  const editable =
    shownReview !== null &&
    canEditReview({ createdAt: shownReview.createdAt, hiddenAt: shownReview.hidden?.at ?? null });
  // Waiting for the tailor (issue 46): until when, then the shop cancels it; and the buyer may call
  // it off first, after a question asked in the address (?confirm=cancel: works without JavaScript).
  const waiting = isBuyer && order.status === "ordered";
  const deadline = waiting ? acceptDeadline(order.orderedAt) : null;
  const confirmingCancel = waiting && new URL(request.url).searchParams.get("confirm") === "cancel";
  // The order's conversation with its tailor (issue 48); opening the page reads its notifications.
  const messages = await orPageError(() => threadOnPage(order, user));
  return { order, isBuyer, review: shownReview, canEditReview: editable, deadline, confirmingCancel, messages };
}

/** The forms whose refusals this page shows beside them (the slip's beside its field). */
type BuyerForm = "slip" | "cancel-reason" | "reorder" | "receipt";

/**
 * The buyer's forms: calling off an order no tailor has taken (with a reason), "สั่งอีกครั้ง" (a new
 * cart item: to the cart, or straight to choosing a tailor for "เลือกช่างคนอื่น"), the transfer slip (a photo, multipart, streamed: slip-upload.server.ts) and the
 * review of a completed order. A sent slip goes back to the order with the notice; a refused one
 * answers the page with its reason beside the slip form (and the notice), so it stays in view.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: ["user"], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const here = `/user/product/${orderId}`;
  let formName: BuyerForm = "slip";
  let failure: string = PAYMENT_ANSWERS.slipFailed;
  try {
    return await withSlipForm(request, context, "slip", async (form) => {
      const intent = form.fields.get("intent");
      if (intent === "review") return await saveReviewFromForm(fieldsAsFormData(form.fields), orderId, user.id, here);
      if (intent === "cancel") {
        formName = "cancel-reason";
        failure = CANCEL_MESSAGES.buyerCancelFailed;
        const checked = reasonFromForm(
          form.fields.get("reasonChoice"),
          form.fields.get("reasonText"),
          BUYER_CANCEL_REASONS,
        );
        const reason = "reason" in checked ? checked.reason : undefined;
        // Whose order and its status come first; then a missing or unusable reason, said as the form found it.
        await transitionOrder({ orderId, to: "canceled", from: "ordered", actor: user, as: "user", reason }).catch(
          (error: unknown) => {
            if ("error" in checked && isDomainError(error) && error.kind === "bad_input")
              throw new DomainError("bad_input", checked.error);
            throw error;
          },
        );
        return redirectWithSuccess(here, CANCEL_MESSAGES.buyerCanceled);
      }
      if (intent === "reorder" || intent === "reorder-other") {
        formName = "reorder";
        failure = REORDER_MESSAGES.failed;
        const made = await reorder(orderId, user.id);
        // "เลือกช่างคนอื่น": straight to the tailors for the new item (a customer's own design).
        if (intent === "reorder-other" && made.needsTailorChoice)
          return redirectWithSuccess(`/merchant/select?productId=${made.cartItemId}`, REORDER_MESSAGES.chooseTailor);
        return redirectWithSuccess(
          "/cart",
          made.needsTailorChoice ? REORDER_MESSAGES.chooseTailor : REORDER_MESSAGES.added,
        );
      }
      // "ได้รับสินค้าแล้ว" (issue 46): refused beside its button.
      if (intent === "received") {
        formName = "receipt";
        failure = RECEIPT_MESSAGES.failed;
        await confirmReceipt({ orderId, buyerId: user.id });
        return redirectWithSuccess(here, RECEIPT_MESSAGES.confirmed);
      }
      if (intent !== "slip") throw new DomainError("bad_input", PAYMENT_ANSWERS.unknownAction);
      await sendSlip({ orderId, buyerId: user.id, photo: slipPhotoOf(form) });
      return redirectWithSuccess(here, PAYMENT_ANSWERS.slipSent);
    });
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return dataWithErrorNow(
      request,
      context,
      { form: formName, error: error.message },
      { message: failure, description: error.message },
      { status: error.status },
    );
  }
}

export default function UserProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { order, isBuyer, review, canEditReview: editable, deadline, confirmingCancel, messages } = loaderData;
  const here = `/user/product/${order.id}`;
  const refusal = (form: BuyerForm) =>
    actionData && "form" in actionData && actionData.form === form && "error" in actionData
      ? actionData.error
      : undefined;
  const cancelError = refusal("cancel-reason");
  // A refused cancel or re-order says why where it was asked (the dialog, when it is still open).
  const stepError = (confirmingCancel ? undefined : cancelError) ?? refusal("reorder");
  const ended = order.status === "canceled" || order.status === "completed";
  // While the buyer still pays (or may send another slip), the payment is the page's first step:
  // right under the title on a phone (OrderDetailView's `lead`), the sticky bar's "ชำระเงิน" while
  // nothing is sent yet.
  const paying = isBuyer && order.payment !== null && canSendSlip(order.status, order.payment.status);
  const due = paying && order.payment?.status === "unpaid";
  const paymentPanel = order.payment ? (
    isBuyer ? (
      <BuyerPaymentPanel
        order={order}
        payment={order.payment}
        slipError={actionData && "form" in actionData && actionData.form === "slip" ? actionData.error : undefined}
      />
    ) : (
      <ReadOnlyPaymentPanel payment={order.payment} />
    )
  ) : null;
  // Where the order stands for the buyer now (a refusal, why it ended, until when it waits): first
  // under the title on a phone, as the payment is while it is due.
  const standing =
    stepError || order.status === "canceled" || deadline ? (
      <div className="space-y-4">
        {stepError ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 text-sm text-red-950 ring-1 ring-red-200">
            {stepError}
          </p>
        ) : null}
        {order.status === "canceled" ? (
          <CancelReasonNote canceledBy={order.canceledBy} cancelReason={order.cancelReason} />
        ) : null}
        {deadline ? (
          <p
            data-testid="accept-deadline"
            className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            หากช่างตัดไม่ตอบรับภายใน <strong>{formatThaiDateTime(deadline)}</strong> ร้านจะยกเลิกคำสั่งซื้อนี้ให้อัตโนมัติ
            ยกเลิกเองได้ก่อนช่างรับงาน
          </p>
        ) : null}
      </div>
    ) : null;
  const panels = (
    <>
      {isBuyer ? null : standing}
      {paying ? null : paymentPanel}
      {order.delivery ? <DeliveryInfoPanel delivery={order.delivery} /> : null}
      {isBuyer && order.delivery && !order.delivery.receivedAt && order.status !== "canceled" ? (
        <BuyerReceiptPanel
          orderId={order.id}
          receiptDueAt={order.delivery.receiptDueAt}
          problemReported={order.problem !== null}
          error={refusal("receipt")}
        />
      ) : null}
      {order.problem ? <ProblemNote problem={order.problem} /> : null}
      {order.status === "completed" && isBuyer ? (
        <BuyerReviewPanel
          // A new form for each saved version: its fields start from what was saved (JavaScript on).
          key={review ? String(review.updatedAt) : "new"}
          review={review}
          canEdit={editable}
          result={actionData && "form" in actionData && actionData.form === "review" ? actionData.result : undefined}
        />
      ) : review ? (
        <ReadOnlyReviewPanel review={review} />
      ) : null}
      {messages ? <OrderThread orderId={order.id} messages={messages} /> : null}
    </>
  );
  if (!isBuyer) return <OrderDetailView order={order} panels={panels} />;
  const chooseTailor = order.status === "cart" && order.needsTailorChoice;
  const allOrders = (
    <Link to="/user/orders" className="rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300">
      คำสั่งซื้อทั้งหมด
    </Link>
  );
  return (
    <>
      <OrderDetailView
        order={order}
        lead={
          paying && standing ? (
            <div className="space-y-4">
              {standing}
              {paymentPanel}
            </div>
          ) : paying ? (
            paymentPanel
          ) : (
            (standing ?? undefined)
          )
        }
        panels={panels}
        actions={
          due ? (
            <>
              <a
                href="#payment"
                className="rounded-xl bg-indigo-ink px-4 py-2.5 font-semibold text-white hover:bg-indigo-deep"
              >
                ชำระเงิน
              </a>
              <Link
                to="/user/orders"
                className="rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300"
              >
                คำสั่งซื้อทั้งหมด
              </Link>
            </>
          ) : chooseTailor ? (
            <Link
              to={`/merchant/select?productId=${order.id}`}
              className="rounded-xl bg-indigo-ink px-4 py-2.5 font-semibold text-white hover:bg-indigo-deep"
            >
              {order.sellerUser ? "เปลี่ยนช่างตัด" : "เลือกช่างตัด"}
            </Link>
          ) : order.status === "cart" ? (
            <Link to="/cart" className="rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300">
              กลับไปตะกร้าสินค้า
            </Link>
          ) : order.status === "ordered" ? (
            <>
              {/* A link to the question, not the step itself (works without JavaScript too). */}
              <Link
                to={`${here}?confirm=cancel`}
                preventScrollReset
                className="rounded-xl bg-white px-4 py-2.5 font-semibold text-lac ring-1 ring-lac/50 hover:bg-red-50"
              >
                ยกเลิกคำสั่งซื้อ
              </Link>
              {allOrders}
            </>
          ) : ended ? (
            <Form method="post" className="flex flex-wrap gap-2">
              {order.status === "canceled" && order.needsTailorChoice ? (
                <button
                  type="submit"
                  name="intent"
                  value="reorder-other"
                  className="rounded-xl bg-indigo-ink px-4 py-2.5 font-semibold text-white hover:bg-indigo-deep"
                >
                  เลือกช่างคนอื่น
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="reorder"
                className={
                  order.status === "canceled" && order.needsTailorChoice
                    ? "rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300"
                    : "rounded-xl bg-indigo-ink px-4 py-2.5 font-semibold text-white hover:bg-indigo-deep"
                }
              >
                สั่งอีกครั้ง
              </button>
            </Form>
          ) : (
            <Link
              to="/user/orders"
              className="rounded-xl px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300"
            >
              คำสั่งซื้อทั้งหมด
            </Link>
          )
        }
      />
      {confirmingCancel ? <BuyerCancel order={order} here={here} reasonError={cancelError} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/user/orders" backLabel="กลับไปคำสั่งซื้อของฉัน" />;
}
