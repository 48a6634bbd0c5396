import { Link, useLocation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { site } from "~/content/site";
import { listBuyerOrders } from "~/domain/orders/queries.server";
import { orPageError } from "~/http/responses.server";
import { formatBaht, formatCount, formatThaiLongDate } from "~/lib/format";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/user-orders";
import { StatusBadge } from "./ui/status-badge";

export const meta: Route.MetaFunction = () => [{ title: `สถานะคำสั่งซื้อ | ${site.enterpriseName}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  return orPageError(() => listBuyerOrders(user.id, pageFrom(new URL(request.url))));
}

export default function UserOrders({ loaderData }: Route.ComponentProps) {
  const { items, page, pageCount, total } = loaderData;
  const location = useLocation();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-semibold text-indigo-ink">คำสั่งตัดเสื้อของฉัน</h1>
      <p className="mt-1 text-sm text-stone-600">ทั้งหมด {formatCount(total)} รายการ</p>
      {items.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-stone-200">
          <p className="text-stone-700">ยังไม่มีคำสั่งตัดเสื้อ</p>
          <Link to="/cart" className="mt-4 inline-block rounded-xl bg-indigo-ink px-5 py-2.5 font-semibold text-white">
            ไปที่ตะกร้าสินค้า
          </Link>
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
                    <StatusBadge status={order.status} />
                  </div>
                  <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-stone-700 sm:grid-cols-2">
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
              <div className="mt-3 border-t border-stone-100 pt-3 text-right">
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

function Row({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="inline font-semibold text-stone-500">{label}: </dt>
      <dd className="inline break-words">{value}</dd>
    </div>
  );
}
