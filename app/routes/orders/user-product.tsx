import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { DomainError, isDomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import { canSendSlip, PAYMENT_MESSAGES } from "~/domain/payments/payment-states";
import { sendSlip } from "~/domain/payments/payments.server";
import { canEditReview } from "~/domain/reviews/review-rules";
import { parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { fieldsAsFormData } from "~/http/streamed-form.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/user-product";
import { saveReviewFromForm } from "./save-review.server";
import { slipPhotoOf, withSlipForm } from "./slip-upload.server";
import { BuyerPaymentPanel, BuyerReviewPanel } from "./ui/buyer-panels";
import { DeliveryInfoPanel } from "./ui/delivery-panel";
import { OrderDetailView } from "./ui/order-detail-view";
import { OrderErrorView } from "./ui/order-error";
import { ReadOnlyPaymentPanel } from "./ui/payment-panel";
import { ReadOnlyReviewPanel } from "./ui/review-panel";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? `${loaderData.order.status === "cart" ? "รายการในตะกร้า" : "คำสั่งซื้อ"} #${loaderData.order.id}` : "รายละเอียดคำสั่งซื้อ"} | ${site.enterpriseName}`,
  },
];

/** The buyer's view of one order or cart item (an admin may look too). */
export async function loader({ params, context }: Route.LoaderArgs) {
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
  return { order, isBuyer, review: shownReview, canEditReview: editable };
}

/**
 * The buyer's forms: the transfer slip (a photo, multipart, streamed: slip-upload.server.ts) and the
 * review of a completed order. A sent slip goes back to the order with the notice; a refused one
 * answers the page with its reason beside the slip form (and the notice), so it stays in view.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: ["user"], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const here = `/user/product/${orderId}`;
  try {
    return await withSlipForm(request, "slip", async (form) => {
      const intent = form.fields.get("intent");
      if (intent === "review") return await saveReviewFromForm(fieldsAsFormData(form.fields), orderId, user.id, here);
      if (intent !== "slip") throw new DomainError("bad_input", PAYMENT_MESSAGES.unknownAction);
      await sendSlip({ orderId, buyerId: user.id, photo: slipPhotoOf(form) });
      return redirectWithSuccess(here, PAYMENT_MESSAGES.slipSent);
    });
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return dataWithErrorNow(
      request,
      context,
      { form: "slip" as const, error: error.message },
      { message: PAYMENT_MESSAGES.slipFailed, description: error.message },
      { status: error.status },
    );
  }
}

export default function UserProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { order, isBuyer, review, canEditReview: editable } = loaderData;
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
  const panels = (
    <>
      {paying ? null : paymentPanel}
      {order.delivery ? <DeliveryInfoPanel delivery={order.delivery} /> : null}
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
    </>
  );
  if (!isBuyer) return <OrderDetailView order={order} panels={panels} />;
  const chooseTailor = order.status === "cart" && order.needsTailorChoice;
  return (
    <OrderDetailView
      order={order}
      lead={paying ? paymentPanel : undefined}
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
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/user/orders" backLabel="กลับไปคำสั่งซื้อของฉัน" />;
}
