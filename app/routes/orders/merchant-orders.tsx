import { Link, useLocation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { site } from "~/content/site";
import { SLIP_FILTER, SLIP_WAITING, SLIP_WAITING_LABEL } from "~/domain/orders/buyer-tabs";
import { acceptDeadline } from "~/domain/orders/expiry.server";
import { listMerchantOrders, merchantSlipWaitingCount, merchantStatusCounts } from "~/domain/orders/queries.server";
import { isOrderStatus, type OrderStatusName, statusLabel } from "~/domain/orders/state-machine";
import { orPageError } from "~/http/responses.server";
import { formatBaht, formatCount, formatThaiDateTime, formatThaiLongDate } from "~/lib/format";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/merchant-orders";
import { ListCancelNote } from "./ui/cancel-reason-note";
import { NewMessagesMark } from "./ui/new-messages-mark";
import { StatusBadge } from "./ui/status-badge";

export const meta: Route.MetaFunction = () => [{ title: `คำสั่งตัดเสื้อ | ${site.enterpriseName}` }];

const FILTERS: (OrderStatusName | null)[] = [null, "ordered", "accepted", "completed", "canceled"];

/**
 * The tailor's incoming orders, newest first, filterable by status, or to those whose transfer
 * slip waits for the tailor's check (`?slip=waiting`, a filter of its own).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "merchant" });
  const url = new URL(request.url);
  // "มีข้อความใหม่" (issue 48): the orders whose conversation has messages the tailor has not read.
  const withNewMessages = url.searchParams.get("messages") === "new";
  const slipWaiting = !withNewMessages && url.searchParams.get("slip") === SLIP_FILTER;
  const wanted = url.searchParams.get("status");
  const status = !slipWaiting && !withNewMessages && isOrderStatus(wanted) && wanted !== "cart" ? wanted : null;
  const { orders, counts, slipCount, newMessages } = await orPageError(async () => {
    const [counts, slipCount] = await Promise.all([merchantStatusCounts(user.id), merchantSlipWaitingCount(user.id)]);
    const orders = await listMerchantOrders(user.id, {
      status,
      slipWaiting,
      withNewMessages,
      page: pageFrom(url),
      counts,
      slipWaitingCount: slipCount,
    });
    // Orders whose conversation has messages not yet read (issue 48), read with the rows.
    const unread = orders.items.filter((order) => order.newMessages).map((order) => order.id);
    return { counts, slipCount, orders, newMessages: unread };
  });
  // An order waiting for the tailor shows until when: then the shop cancels it (ORDER_ACCEPT_DAYS).
  const deadlines = Object.fromEntries(
    orders.items
      .filter((order) => order.status === "ordered")
      .map((order) => [order.id, acceptDeadline(order.orderedAt)] as const)
      .filter(([, deadline]) => deadline !== null),
  ) as Record<number, Date>;
  return { orders, counts, status, deadlines, slipWaiting, slipCount, newMessages, withNewMessages };
}

export default function MerchantOrders({ loaderData }: Route.ComponentProps) {
  const { orders, counts, status, deadlines, slipWaiting, slipCount, newMessages, withNewMessages } = loaderData;
  const location = useLocation();
  const all = counts.ordered + counts.accepted + counts.completed + counts.canceled;
  const filterLink = (filter: OrderStatusName | null) => {
    const active = !slipWaiting && !withNewMessages && filter === status;
    return (
      <li key={filter ?? "all"}>
        <Link
          to={filter ? `?status=${filter}` : "?"}
          aria-current={active ? "page" : undefined}
          className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ring-1 ${active ? "bg-indigo-ink text-white ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink"}`}
        >
          {filter ? statusLabel(filter) : "ทั้งหมด"} ({formatCount(filter ? counts[filter] : all)})
        </Link>
      </li>
    );
  };
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-indigo-ink">คำสั่งตัดเสื้อที่เข้ามา</h1>
      <nav aria-label="กรองตามสถานะ" className="-mx-4 mt-4 overflow-x-auto px-4">
        <ul className="flex gap-2 whitespace-nowrap">
          {FILTERS.slice(0, 1).map(filterLink)}
          {/* Second, in view on a phone: the orders waiting on the tailor's check of a slip. */}
          <li>
            <Link
              to={`?slip=${SLIP_FILTER}`}
              aria-current={slipWaiting ? "page" : undefined}
              className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ring-1 ${slipWaiting ? "bg-indigo-ink text-white ring-indigo-ink" : slipCount > 0 ? "bg-amber-100 text-amber-950 ring-amber-400 hover:ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink"}`}
            >
              {SLIP_WAITING_LABEL} ({formatCount(slipCount)})
            </Link>
          </li>
          <li>
            <Link
              to="?messages=new"
              aria-current={withNewMessages ? "page" : undefined}
              className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ring-1 ${withNewMessages ? "bg-indigo-ink text-white ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink"}`}
            >
              มีข้อความใหม่
            </Link>
          </li>
          {FILTERS.slice(1).map(filterLink)}
        </ul>
      </nav>
      {orders.items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          {withNewMessages
            ? "ไม่มีคำสั่งซื้อที่มีข้อความใหม่"
            : slipWaiting
              ? "ไม่มีสลิปที่รอตรวจ"
              : `ยังไม่มีคำสั่งตัดเสื้อ${status ? `ในสถานะ "${statusLabel(status)}"` : ""}`}
        </p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="รายการคำสั่งตัดเสื้อ">
          {orders.items.map((order, index) => (
            <li
              key={order.id}
              aria-labelledby={`m-order-${order.id}`}
              className="flex gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
            >
              <img
                src={order.image}
                alt={`ภาพ${order.name}`}
                width={80}
                height={80}
                loading={index < 4 ? "eager" : "lazy"}
                className="size-16 shrink-0 rounded-xl bg-cream object-contain ring-1 ring-stone-200 sm:size-20"
              />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h2 id={`m-order-${order.id}`} className="font-semibold text-indigo-ink">
                    {order.name} <span className="text-sm font-normal text-stone-500">#{order.id}</span>
                  </h2>
                  <div className="flex flex-wrap gap-2">
                    {newMessages.includes(order.id) ? <NewMessagesMark /> : null}
                    {order.payment && (SLIP_WAITING as readonly string[]).includes(order.payment.status) ? (
                      <span
                        data-testid="slip-waiting"
                        className="inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950 ring-1 ring-inset ring-amber-400"
                      >
                        {SLIP_WAITING_LABEL}
                      </span>
                    ) : null}
                    <StatusBadge status={order.status} />
                  </div>
                </div>
                <p className="mt-1 text-sm text-stone-700">
                  ผู้สั่ง {order.buyerUser.name} · {formatThaiLongDate(order.orderedAt ?? order.createdAt)}
                </p>
                <p className="text-sm text-stone-700">
                  {formatCount(order.quantity)} ตัว ·{" "}
                  {order.totalPrice === null ? "ยังไม่ระบุราคา" : formatBaht(order.totalPrice)}
                </p>
                <ListCancelNote order={order} />
                {deadlines[order.id] ? (
                  <p className="text-sm font-semibold text-amber-900">
                    รับงานภายใน {formatThaiDateTime(deadlines[order.id]!)}
                  </p>
                ) : null}
                <Link
                  to={`/merchant/order/${order.id}`}
                  className="mt-2 inline-block rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-ink ring-1 ring-stone-300 hover:ring-indigo-ink"
                >
                  ดูรายละเอียด<span className="sr-only"> คำสั่งซื้อ #{order.id}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={orders.page} pageCount={orders.pageCount} search={location.search} />
    </section>
  );
}
