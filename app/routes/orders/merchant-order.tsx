import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Refusal } from "~/components/form-fields";
import { lazyPart } from "~/components/lazy-part";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { carrierChoices, DELIVERY_MESSAGES } from "~/domain/delivery/carriers";
import { setDelivery } from "~/domain/delivery/delivery.server";
import { deliverySchema } from "~/domain/delivery/delivery-form";
import { DomainError, isDomainError } from "~/domain/errors";
import { HEADLINES } from "~/domain/notifications/order-messages";
import { reasonFromForm, TAILOR_CANCEL_REASONS } from "~/domain/orders/cancel-reasons";
import { acceptDeadline } from "~/domain/orders/expiry.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import {
  MERCHANT_ACTIONS,
  type MerchantAction,
  merchantActionsFor,
  type OrderStatusName,
} from "~/domain/orders/state-machine";
import { MERCHANT_STEP_NOTICES } from "~/domain/orders/step-notices.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { PAYMENT_STEP_NOTICES } from "~/domain/payments/payment-answers.server";
import { rejectSlipSchema } from "~/domain/payments/payment-forms";
import { isPaymentAction } from "~/domain/payments/payment-states";
import { decidePayment } from "~/domain/payments/payments.server";
import { parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatThaiDateTime } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/merchant-order";
import { saveReplyFromForm } from "./save-review.server";
import { readOrderNotifications, threadOnPage } from "./thread.server";
import { CancelReasonNote } from "./ui/cancel-reason-note";
import { DeliveryInfoPanel } from "./ui/delivery-panel";
import { ProblemNote } from "./ui/finishing-panels";
import { OrderDetailView } from "./ui/order-detail-view";
import { OrderErrorView } from "./ui/order-error";
import { OrderThread } from "./ui/order-thread";
import { ReadOnlyPaymentPanel } from "./ui/payment-panel";
import { ReadOnlyReviewPanel } from "./ui/review-panel";
import type { ConfirmedStep } from "./ui/tailor-confirm-dialog";
import { TailorDeliveryPanel, TailorPaymentPanel, TailorReviewPanel } from "./ui/tailor-panels";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `คำสั่งซื้อ #${loaderData.order.id}` : "รายละเอียดคำสั่งซื้อ"} | ${site.enterpriseName}` },
];

/** Opening the order reads its notifications first (issue 48), so the bell on this page counts them read. */
export const middleware: Route.MiddlewareFunction[] = [readOrderNotifications];

/**
 * The tailor's view of one of their orders, with the buttons its status allows. An admin may open
 * it too, read only (no buttons here; the action below takes tailors only).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, {
    roles: ["merchant", "admin"],
    messages: ORDER_MESSAGES,
    wrongRole: "forbidden",
  });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const order = await orPageError(() => getOrderFor(orderId, user, "merchant"));
  const isSeller = order.sellerId === user.id;
  // ?confirm=decline or ?confirm=cancel: the question before a step the customer is told of.
  const asked = new URL(request.url).searchParams.get("confirm") ?? "";
  const confirming =
    isSeller && isMerchantAction(asked) && needsConfirmation(asked) && canDo(asked, order.status) ? asked : null;
  // An order waiting for the tailor says until when: then the shop cancels it.
  const deadline = order.status === "ordered" ? acceptDeadline(order.orderedAt) : null;
  // The order detail carries its review (once completed and reviewed).
  const review = order.review;
  // What the customer is told when it is canceled (for the confirmation), from the notices' own words.
  const cancelHeadline = confirming ? HEADLINES.canceled.customer : null;
  // The order's conversation with its buyer (issue 48); opening the page reads its notifications.
  const messages = await orPageError(() => threadOnPage(order, user));
  // The carriers the delivery form offers, with the page rather than in its script.
  const carriers = isSeller ? carrierChoices() : [];
  return { order, isSeller, confirming, deadline, review, cancelHeadline, messages, carriers };
}

/**
 * The confirmation of a step that cannot be undone, drawn only with `?confirm=`: a file of its own,
 * loaded then, rather than on every visit to an order (docs/decisions.md, 127).
 */
const TailorConfirm = lazyPart(() => import("./ui/tailor-confirm-dialog").then((module) => module.TailorConfirmDialog));

/** Steps that end the order for the customer, or finish the sewing (issue 46): asked about first. */
const NEEDS_CONFIRMATION: readonly MerchantAction[] = ["decline", "complete", "cancel"] satisfies ConfirmedStep[];

function needsConfirmation(action: MerchantAction): action is ConfirmedStep {
  return NEEDS_CONFIRMATION.includes(action);
}

function canDo(action: MerchantAction, status: OrderStatusName): boolean {
  return merchantActionsFor(status).includes(action);
}

function isMerchantAction(value: string): value is MerchantAction {
  return Object.hasOwn(MERCHANT_ACTIONS, value);
}

/**
 * The tailor's forms on this page, told apart by `intent`: accept, decline, complete or cancel (one
 * transition, with the spec's notices); `payment-<step>` (confirm, reject with a reason, cash,
 * refunded); `delivery` (pickup or a carrier and tracking number). A form with typed fields that
 * is refused comes back with its messages beside them (`form` says which form they are for).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const here = `/merchant/order/${orderId}`;
  // A refused step answers this page with its reason above the order's panels (errors stay, issue
  // 45), and the spec's notice says it too; nothing changed.
  const refused = (failure: string, error: unknown) => {
    if (!isDomainError(error)) throw pageFault(error);
    return dataWithErrorNow(
      request,
      context,
      { form: "step" as const, failure, error: error.message },
      { message: failure, description: error.message },
      { status: error.status },
    );
  };

  if (intent === "review-reply") return saveReplyFromForm(formData, orderId, user.id, here);

  if (intent === "delivery") {
    const submission = parseWithZod(formData, { schema: deliverySchema() });
    if (submission.status !== "success")
      return data({ form: "delivery" as const, result: submission.reply() }, { status: 400 });
    try {
      await setDelivery({ orderId, tailorId: user.id, delivery: submission.value });
    } catch (error) {
      return refused(DELIVERY_MESSAGES.failed, error);
    }
    return redirectWithSuccess(here, DELIVERY_MESSAGES.saved);
  }

  const paymentAction = intent.startsWith("payment-") ? intent.slice("payment-".length) : "";
  if (isPaymentAction(paymentAction)) {
    let reason: string | undefined;
    if (paymentAction === "reject") {
      const submission = parseWithZod(formData, { schema: rejectSlipSchema() });
      if (submission.status !== "success")
        return data({ form: "reject" as const, result: submission.reply() }, { status: 400 });
      reason = submission.value.reason;
    }
    try {
      await decidePayment({ orderId, tailorId: user.id, action: paymentAction, reason });
    } catch (error) {
      return refused(PAYMENT_STEP_NOTICES[paymentAction].failure, error);
    }
    return redirectWithSuccess(here, PAYMENT_STEP_NOTICES[paymentAction].success);
  }

  if (!isMerchantAction(intent)) return refused("ไม่รู้จักคำสั่งนี้", new DomainError("bad_input", "ไม่รู้จักคำสั่งนี้"));
  const step = MERCHANT_ACTIONS[intent];
  // Declining or cancelling says why (issue 46): refused beside the reason, the question still open.
  // The order's rules come first (whose order, its status); a missing or unusable reason is then
  // refused by the transition (bad input) and said here as the form found it.
  const checked =
    step.to === "canceled"
      ? reasonFromForm(formData.get("reasonChoice"), formData.get("reasonText"), TAILOR_CANCEL_REASONS)
      : null;
  const reason = checked && "reason" in checked ? checked.reason : undefined;
  try {
    await transitionOrder({ orderId, to: step.to, from: step.from, actor: user, as: "merchant", reason });
  } catch (error) {
    if (checked && "error" in checked && isDomainError(error) && error.kind === "bad_input")
      return dataWithErrorNow(
        request,
        context,
        { form: "cancel-reason" as const, error: checked.error },
        { message: MERCHANT_STEP_NOTICES[intent].failure, description: checked.error },
        { status: 400 },
      );
    return refused(MERCHANT_STEP_NOTICES[intent].failure, error);
  }
  return redirectWithSuccess(here, MERCHANT_STEP_NOTICES[intent].success);
}

const buttonLook: Record<MerchantAction, string> = {
  accept: "bg-indigo-ink text-white hover:bg-indigo-deep",
  complete: "bg-emerald-700 text-white hover:bg-emerald-800",
  decline: "bg-white text-lac ring-1 ring-lac/50 hover:bg-red-50",
  cancel: "bg-white text-lac ring-1 ring-lac/50 hover:bg-red-50",
};

export default function MerchantOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, isSeller, confirming, deadline, review, cancelHeadline, messages, carriers } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const actions = isSeller ? merchantActionsFor(order.status) : [];
  const here = `/merchant/order/${order.id}`;
  const look = (action: MerchantAction) =>
    `inline-flex min-h-11 items-center rounded-xl px-4 py-2.5 font-semibold disabled:opacity-50 ${buttonLook[action]}`;
  return (
    <>
      <OrderDetailView
        order={order}
        // A refused step is the first thing under the title, on a phone too (where it was pressed: the bar).
        lead={
          actionData && "form" in actionData && actionData.form === "step" ? (
            <Refusal title={actionData.failure} reason={actionData.error} testId="step-refusal" />
          ) : undefined
        }
        panels={
          <>
            {order.status === "canceled" ? (
              <CancelReasonNote canceledBy={order.canceledBy} cancelReason={order.cancelReason} />
            ) : null}
            <p className="flex flex-wrap items-center justify-between gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-stone-200">
              <span className="text-stone-700">
                {order.measurements ? "ตัดตามสัดส่วนของลูกค้า: ดูสัดส่วนด้านล่าง" : "ใบงานสำหรับโต๊ะตัดเย็บ"}
              </span>
              <Link
                to={`${here}/sheet`}
                className="inline-flex min-h-11 items-center rounded-xl bg-silk-soft px-4 font-semibold text-indigo-ink ring-1 ring-silk/50 hover:ring-silk"
              >
                ใบงาน (พิมพ์ได้)
              </Link>
            </p>
            {deadline ? (
              <p
                data-testid="accept-deadline"
                className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
              >
                รับงานหรือปฏิเสธภายใน <strong>{formatThaiDateTime(deadline)}</strong> หากเลยเวลานี้
                ร้านจะยกเลิกคำสั่งซื้อให้อัตโนมัติและแจ้งลูกค้า
              </p>
            ) : null}
            {order.payment ? (
              isSeller ? (
                <TailorPaymentPanel
                  order={order}
                  payment={order.payment}
                  rejectResult={actionData?.form === "reject" ? actionData.result : undefined}
                />
              ) : (
                <ReadOnlyPaymentPanel payment={order.payment} />
              )
            ) : null}
            {isSeller && (order.status === "accepted" || order.status === "completed") ? (
              <TailorDeliveryPanel
                delivery={order.delivery}
                carriers={carriers}
                result={actionData?.form === "delivery" ? actionData.result : undefined}
              />
            ) : order.delivery ? (
              <DeliveryInfoPanel delivery={order.delivery} />
            ) : null}
            {order.problem ? <ProblemNote problem={order.problem} /> : null}
            {review ? (
              isSeller ? (
                <TailorReviewPanel
                  review={review}
                  result={actionData?.form === "reply" ? actionData.result : undefined}
                />
              ) : (
                <ReadOnlyReviewPanel review={review} />
              )
            ) : null}
            {messages ? <OrderThread orderId={order.id} messages={messages} /> : null}
          </>
        }
        actions={actions.map((action) =>
          NEEDS_CONFIRMATION.includes(action) ? (
            // A link to the question, not the step itself (works without JavaScript too).
            <Link key={action} to={`${here}?confirm=${action}`} preventScrollReset className={look(action)}>
              {MERCHANT_ACTIONS[action].button}
            </Link>
          ) : (
            <Form key={action} method="post">
              <button type="submit" name="intent" value={action} disabled={busy} className={look(action)}>
                {busy && navigation.formData?.get("intent") === action ? "กำลังบันทึก…" : MERCHANT_ACTIONS[action].button}
              </button>
            </Form>
          ),
        )}
      />
      {confirming ? (
        <TailorConfirm
          step={confirming}
          order={order}
          here={here}
          cancelHeadline={cancelHeadline}
          reasonError={
            actionData && "form" in actionData && actionData.form === "cancel-reason" ? actionData.error : undefined
          }
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/merchant" backLabel="กลับไปคำสั่งตัดเสื้อ" />;
}
