import { Form, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import { MERCHANT_ACTIONS, type MerchantAction, merchantActionsFor } from "~/domain/orders/state-machine";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { formText, parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/merchant-order";
import { OrderDetailView } from "./ui/order-detail-view";
import { OrderErrorView } from "./ui/order-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `คำสั่งซื้อ #${loaderData.order.id}` : "รายละเอียดคำสั่งซื้อ"} | ${site.enterpriseName}` },
];

/**
 * The tailor's view of one of their orders, with the buttons its status allows. An admin may open
 * it too, read only (no buttons here; the action below takes tailors only).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, {
    roles: ["merchant", "admin"],
    messages: ORDER_MESSAGES,
    wrongRole: "forbidden",
  });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const order = await orPageError(() => getOrderFor(orderId, user, "merchant"));
  return { order, isSeller: order.sellerId === user.id };
}

function isMerchantAction(value: string): value is MerchantAction {
  return Object.hasOwn(MERCHANT_ACTIONS, value);
}

/** Accept, decline, complete or cancel: one transition, with the spec's notices. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const intent = formText(await request.formData(), "intent");
  const here = `/merchant/order/${orderId}`;
  if (!isMerchantAction(intent)) return redirectWithError(here, "ไม่รู้จักคำสั่งนี้");
  const step = MERCHANT_ACTIONS[intent];
  try {
    await transitionOrder({ orderId, to: step.to, from: step.from, actor: user, as: "merchant" });
  } catch (error) {
    if (isDomainError(error)) return redirectWithError(here, { message: step.failure, description: error.message });
    throw pageFault(error);
  }
  return redirectWithSuccess(here, step.success);
}

const buttonLook: Record<MerchantAction, string> = {
  accept: "bg-indigo-ink text-white hover:bg-indigo-deep",
  complete: "bg-emerald-700 text-white hover:bg-emerald-800",
  decline: "bg-white text-lac ring-1 ring-lac/50 hover:bg-red-50",
  cancel: "bg-white text-lac ring-1 ring-lac/50 hover:bg-red-50",
};

export default function MerchantOrder({ loaderData }: Route.ComponentProps) {
  const { order, isSeller } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const actions = isSeller ? merchantActionsFor(order.status) : [];
  return (
    <OrderDetailView
      order={order}
      actions={actions.map((action) => (
        <Form key={action} method="post">
          <button
            type="submit"
            name="intent"
            value={action}
            disabled={busy}
            className={`rounded-xl px-4 py-2.5 font-semibold disabled:opacity-50 ${buttonLook[action]}`}
          >
            {busy && navigation.formData?.get("intent") === action ? "กำลังบันทึก…" : MERCHANT_ACTIONS[action].button}
          </button>
        </Form>
      ))}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/merchant" backLabel="กลับไปคำสั่งตัดเสื้อ" />;
}
