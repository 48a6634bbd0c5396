import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { getOrderFor } from "~/domain/orders/queries.server";
import { parseId } from "~/http/params";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/user-product";
import { OrderDetailView } from "./ui/order-detail-view";
import { OrderErrorView } from "./ui/order-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `คำสั่งซื้อ #${loaderData.order.id}` : "รายละเอียดคำสั่งซื้อ"} | ${site.enterpriseName}` },
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
  return { order, isBuyer: order.buyerId === user.id };
}

export default function UserProduct({ loaderData }: Route.ComponentProps) {
  const { order, isBuyer } = loaderData;
  if (!isBuyer) return <OrderDetailView order={order} />;
  const chooseTailor = order.status === "cart" && order.needsTailorChoice;
  return (
    <OrderDetailView
      order={order}
      actions={
        chooseTailor ? (
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
