import { Link } from "react-router";
import { statusClasses, statusLabel } from "~/domain/orders/state-machine";
import type { MerchantStatsOrder } from "~/domain/statistics/merchant-statistics.server";
import { formatBaht, formatCount, formatThaiDate } from "~/lib/format";

/** The period's orders, newest first: cards on phones, a table on wide screens. */
export function OrdersList({ orders, total }: { orders: MerchantStatsOrder[]; total: number }) {
  if (orders.length === 0) return <p className="mt-3 text-stone-600">ยังไม่มีคำสั่งซื้อในช่วงเวลานี้</p>;
  const price = (order: MerchantStatsOrder) => (order.totalPrice === null ? "-" : formatBaht(order.totalPrice));
  return (
    <>
      <p className="mt-1 text-sm text-stone-500">
        {total > orders.length ? (
          <>
            แสดง {formatCount(orders.length)} รายการล่าสุดจากทั้งหมด {formatCount(total)} รายการ ·{" "}
            <Link to="/merchant" className="font-semibold text-indigo-ink underline underline-offset-2">
              ดูคำสั่งซื้อทั้งหมด
            </Link>
          </>
        ) : (
          `ทั้งหมด ${formatCount(total)} รายการ`
        )}
      </p>
      <ul className="mt-3 space-y-2 md:hidden">
        {orders.map((order) => (
          <li key={order.id}>
            <Link
              to={`/merchant/order/${order.id}`}
              className="block rounded-2xl bg-white p-3 shadow-sm ring-1 ring-stone-200 hover:ring-silk"
            >
              <div className="flex items-start justify-between gap-2">
                <span className="font-semibold text-indigo-ink">
                  #{order.id} {order.name}
                </span>
                <StatusBadge status={order.status} />
              </div>
              <p className="mt-1 text-sm text-stone-600">
                {order.buyerName} · {formatThaiDate(order.orderedAt)} · {formatCount(order.quantity)} ตัว ·{" "}
                {price(order)}
              </p>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-3 hidden overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-stone-200 md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                รหัส
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                รายการ
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                ผู้สั่ง
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                วันที่สั่ง
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                จำนวน
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                ราคารวม
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                สถานะ
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="border-t border-stone-100">
                <td className="px-4 py-2">
                  <Link
                    to={`/merchant/order/${order.id}`}
                    className="font-semibold text-indigo-ink underline-offset-2 hover:underline"
                  >
                    #{order.id}
                  </Link>
                </td>
                <td className="px-4 py-2">{order.name}</td>
                <td className="px-4 py-2">{order.buyerName}</td>
                <td className="px-4 py-2">{formatThaiDate(order.orderedAt)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{formatCount(order.quantity)}</td>
                <td className="px-4 py-2 text-right tabular-nums">{price(order)}</td>
                <td className="px-4 py-2">
                  <StatusBadge status={order.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StatusBadge({ status }: { status: MerchantStatsOrder["status"] }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${statusClasses(status)}`}
    >
      {statusLabel(status)}
    </span>
  );
}
