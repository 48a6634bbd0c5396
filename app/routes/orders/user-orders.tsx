import { Link, useLocation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { site } from "~/content/site";
import { BUYER_TAB_INFO, BUYER_TABS, type BuyerTab, isBuyerTab } from "~/domain/orders/buyer-tabs";
import { buyerTabCounts, listBuyerOrders } from "~/domain/orders/queries.server";
import { TONE_CLASSES } from "~/domain/orders/state-machine";
import { orPageError } from "~/http/responses.server";
import { formatBaht, formatCount, formatThaiLongDate } from "~/lib/format";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/user-orders";
import { ListCancelNote } from "./ui/cancel-reason-note";
import { NewMessagesMark } from "./ui/new-messages-mark";
import { StatusBadge } from "./ui/status-badge";

export const meta: Route.MetaFunction = () => [{ title: `สถานะคำสั่งซื้อ | ${site.enterpriseName}` }];

/**
 * The customer's orders, newest first: all, or one tab's (`?tab=`, plain links: buyer-tabs.ts says
 * which order is in which), each tab with its count, each row with its stage in words.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  const url = new URL(request.url);
  const wanted = url.searchParams.get("tab");
  // An unknown tab in a typed or old address shows every order, as the page without one does.
  const tab = isBuyerTab(wanted) ? wanted : null;
  return orPageError(async () => {
    const counts = await buyerTabCounts(user.id);
    const orders = await listBuyerOrders(user.id, pageFrom(url), { tab, counts });
    // Orders whose conversation has messages not yet read (issue 48), read with the rows.
    const unread = orders.items.filter((order) => order.newMessages).map((order) => order.id);
    return { ...orders, tab, counts, newMessages: unread };
  });
}

export default function UserOrders({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total, tab, counts, newMessages } = loaderData;
  const location = useLocation();
  const all = BUYER_TABS.reduce((sum, each) => sum + counts[each], 0);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-indigo-ink">คำสั่งตัดเสื้อของฉัน</h1>
      <p className="mt-1 text-sm text-stone-600">
        {tab ? `${BUYER_TAB_INFO[tab].label} ` : "ทั้งหมด "}
        {formatCount(total)} รายการ
      </p>
      <TabLinks active={tab} counts={counts} all={all} />
      {items.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-stone-700">{tab ? BUYER_TAB_INFO[tab].empty : "ยังไม่มีคำสั่งตัดเสื้อ"}</p>
          {tab ? (
            <Link
              to="?"
              className="mt-4 inline-block rounded-xl px-5 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300"
            >
              ดูคำสั่งซื้อทั้งหมด
            </Link>
          ) : (
            <Link
              to="/cart"
              className="mt-4 inline-block rounded-xl bg-indigo-ink px-5 py-2.5 font-semibold text-white"
            >
              ไปที่ตะกร้าสินค้า
            </Link>
          )}
        </div>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="คำสั่งตัดเสื้อ">
          {items.map((order, index) => (
            <li
              key={order.id}
              aria-labelledby={`order-${order.id}`}
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
            >
              <div className="flex gap-4">
                <img
                  src={order.image}
                  alt={`ภาพ${order.name}`}
                  width={96}
                  height={96}
                  loading={index < 3 ? "eager" : "lazy"}
                  className="size-20 shrink-0 rounded-xl bg-cream object-contain ring-1 ring-stone-200 sm:size-24"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`order-${order.id}`} className="font-semibold text-indigo-ink">
                      {order.name} <span className="text-sm font-normal text-stone-500">#{order.id}</span>
                    </h2>
                    {newMessages.includes(order.id) ? <NewMessagesMark /> : null}
                    <span
                      data-testid="order-stage"
                      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${TONE_CLASSES[order.stage.tone]}`}
                    >
                      {order.stage.label}
                    </span>
                  </div>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-stone-700 sm:grid-cols-2">
                    {/* The spec's status label; the stage above reads it together with the money and the parcel. */}
                    <div className="sm:col-span-2">
                      <dt className="inline font-semibold text-stone-500">สถานะ: </dt>
                      <dd className="inline">
                        <StatusBadge status={order.status} />
                      </dd>
                      <ListCancelNote order={order} />
                    </div>
                    <Row
                      label="ช่างตัด"
                      value={
                        order.sellerUser
                          ? `${order.sellerUser.shopName ?? order.sellerUser.name}${order.sellerUser.phone ? ` โทร ${order.sellerUser.phone}` : ""}`
                          : "ยังไม่ได้เลือกช่าง"
                      }
                    />
                    <Row label="วันที่สั่ง" value={formatThaiLongDate(order.orderedAt ?? order.createdAt)} />
                    <Row label="จำนวน" value={`${formatCount(order.quantity)} ตัว`} />
                    <Row label="ราคา" value={order.totalPrice === null ? "ยังไม่ระบุ" : formatBaht(order.totalPrice)} />
                    <Row label="ที่อยู่จัดส่ง" value={order.deliveryAddress ?? "ไม่ระบุ"} wide />
                  </dl>
                </div>
              </div>
              <div className="mt-3 flex flex-wrap justify-end gap-2 border-t border-stone-100 pt-3">
                {order.payment?.status === "unpaid" && (order.status === "accepted" || order.status === "completed") ? (
                  <Link
                    to={`/user/product/${order.id}#payment`}
                    className="rounded-lg bg-indigo-ink px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-deep"
                  >
                    ชำระเงิน<span className="sr-only"> คำสั่งซื้อ #{order.id}</span>
                  </Link>
                ) : null}
                <Link
                  to={`/user/product/${order.id}`}
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-ink ring-1 ring-stone-300 hover:ring-indigo-ink"
                >
                  ดูรายละเอียด<span className="sr-only"> คำสั่งซื้อ #{order.id}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={location.search} />
    </section>
  );
}

/** The tabs: plain links (they work without JavaScript), each with its count; the active one marked. */
function TabLinks({ active, counts, all }: { active: BuyerTab | null; counts: Record<BuyerTab, number>; all: number }) {
  const tabs: (BuyerTab | null)[] = [null, ...BUYER_TABS];
  return (
    // Wrapped, not a sideways strip: on a phone every tab and its count is in view.
    <nav aria-label="กรองคำสั่งซื้อ" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((each) => {
          const current = each === active;
          const count = each ? counts[each] : all;
          // Orders waiting for the customer's money stand out while there are any.
          const due = each === "to_pay" && count > 0 && !current;
          return (
            <li key={each ?? "all"}>
              <Link
                to={each ? `?tab=${each}` : "?"}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-3.5 text-sm font-semibold ring-1 ${
                  current
                    ? "bg-indigo-ink text-white ring-indigo-ink"
                    : due
                      ? "bg-amber-100 text-amber-950 ring-amber-400 hover:ring-indigo-ink"
                      : "bg-white text-indigo-ink ring-stone-300 hover:ring-indigo-ink"
                }`}
              >
                {each ? BUYER_TAB_INFO[each].label : "ทั้งหมด"} ({formatCount(count)})
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Row({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="inline font-semibold text-stone-500">{label}: </dt>
      <dd className="inline break-words">{value}</dd>
    </div>
  );
}
