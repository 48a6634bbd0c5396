import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { SalesTrendChart } from "~/components/charts/chart-figure";
import { salesTrendChart } from "~/components/charts/render.server";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import { getAdminStatistics } from "~/domain/admin/statistics.server";
import { MERCHANT_SORTS, type StatsSort, USER_SORTS } from "~/domain/admin/statistics-sorts";
import {
  granularityOf,
  isPeriod,
  PERIOD_LABELS,
  PERIOD_SHORT_LABELS,
  PERIODS,
  type Period,
} from "~/domain/statistics/periods";
import { orPageError } from "~/http/responses.server";
import { formatBaht, formatCount, formatThaiDate } from "~/lib/format";
import type { Route } from "./+types/dashboard";
import { buttonPrimary, buttonSecondary, card, cellsTable, OrderStatusBadge, PageTitle, tableHead } from "./ui/bits";
import { AdminLoadError } from "./ui/load-error";
import { StatsTables } from "./ui/stats-tables";

export const meta: Route.MetaFunction = () => [{ title: "แดชบอร์ด | ผู้ดูแลระบบ" }];

function sortFrom<Key extends string>(
  params: URLSearchParams,
  prefix: "u" | "m",
  allowed: readonly Key[],
  fallback: Key,
): StatsSort<Key> {
  const key = params.get(`${prefix}sort`);
  const dir = params.get(`${prefix}dir`);
  return {
    key: key && (allowed as readonly string[]).includes(key) ? (key as Key) : fallback,
    dir: dir === "asc" ? "asc" : "desc",
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const asked = params.get("period");
  const period: Period = isPeriod(asked) ? asked : "all";
  const userSort = sortFrom(params, "u", USER_SORTS, "completedCount");
  const merchantSort = sortFrom(params, "m", MERCHANT_SORTS, "totalRevenue");
  const stats = await orPageError(() => getAdminStatistics(period, { userSort, merchantSort }));
  const unit = granularityOf(period);
  // The trend travels once, inside each chart's figures; the page does not read it again.
  const { salesTrend, ...platformStats } = stats.platformStats;
  return {
    ...stats,
    platformStats,
    userSort,
    merchantSort,
    search: params.toString(),
    charts: {
      orders: salesTrendChart(salesTrend, unit, "orderCount"),
      revenue: salesTrendChart(salesTrend, unit, "revenue"),
    },
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { period, platformStats: stats, userStats, merchantStats, userSort, merchantSort, search, charts } = loaderData;
  const figures = [
    { label: "ผู้ใช้ทั้งหมด", value: formatCount(stats.totalUsers), unit: "คน" },
    { label: "ร้านค้า (ช่างตัด)", value: formatCount(stats.totalMerchants), unit: "ร้าน" },
    { label: "คำสั่งซื้อ", value: formatCount(stats.totalOrders), unit: "รายการ" },
    { label: "รายได้ (งานที่เสร็จแล้ว)", value: formatBaht(stats.totalRevenue), unit: "" },
    { label: "แบบเสื้อทั้งหมด", value: formatCount(stats.totalDesigns), unit: "แบบ" },
    { label: "แบบที่รอการอนุมัติ", value: formatCount(stats.pendingDesigns), unit: "แบบ", to: "/admin/manage/designs" },
  ];
  const periodHref = (value: Period) => {
    const params = new URLSearchParams(search);
    if (value === "all") params.delete("period");
    else params.set("period", value);
    const text = params.toString();
    return text ? `?${text}` : "/admin";
  };
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <PageTitle title="แดชบอร์ด" lead="ภาพรวมของร้าน: ผู้ใช้ คำสั่งซื้อ รายได้ และแบบเสื้อ">
        <Link to="/admin/line-outbox" className={buttonSecondary}>
          ข้อความ LINE ที่ยังส่งไม่ถึง
        </Link>
        <Link to="/admin/manage/audit" className={buttonSecondary}>
          บันทึกการทำงานของผู้ดูแล
        </Link>
        <Link to="/admin/manage/reviews" className={buttonSecondary}>
          รีวิวช่างตัด
        </Link>
        <Link to="/admin/manage/users" className={buttonSecondary}>
          จัดการผู้ใช้
        </Link>
        <Link to="/admin/manage/designs" className={buttonPrimary}>
          จัดการแบบเสื้อ
        </Link>
      </PageTitle>

      <nav aria-label="ช่วงเวลา" className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-stone-600">ช่วงเวลา:</span>
        {PERIODS.map((value) => (
          <Link
            key={value}
            to={periodHref(value)}
            preventScrollReset
            aria-current={period === value ? "page" : undefined}
            className={`rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ${period === value ? "bg-indigo-ink text-white ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300 hover:bg-indigo-soft"}`}
          >
            {PERIOD_SHORT_LABELS[value]}
          </Link>
        ))}
      </nav>

      <ul
        className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-6"
        aria-label="สถิติของร้าน"
      >
        {figures.map((figure) => {
          const body = (
            <>
              <span className="block text-sm text-stone-500">{figure.label}</span>
              <span className="mt-1 block text-xl font-semibold text-indigo-ink sm:text-2xl">
                {figure.value}{" "}
                {figure.unit ? <span className="text-sm font-normal text-stone-600">{figure.unit}</span> : null}
              </span>
            </>
          );
          return (
            <li key={figure.label}>
              {figure.to ? (
                <Link to={figure.to} className={`${card} block h-full p-4 hover:ring-silk`}>
                  {body}
                  <span className="mt-1 block text-sm font-semibold text-silk-deep">ตรวจแบบ →</span>
                </Link>
              ) : (
                <div className={`${card} h-full p-4`}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>

      <div className="grid gap-4 lg:grid-cols-2">
        <SalesTrendChart
          chart={charts.orders}
          title="แนวโน้มจำนวนคำสั่งซื้อ"
          caption={`ช่วงเวลา: ${PERIOD_LABELS[period]} · ไม่รวมคำสั่งซื้อที่ยกเลิก`}
        />
        <SalesTrendChart chart={charts.revenue} title="แนวโน้มรายได้" caption="นับเฉพาะงานที่ตัดเย็บเสร็จแล้ว" />
      </div>

      <section aria-labelledby="top-designs" className="space-y-3">
        <h2 id="top-designs" className="text-xl font-semibold text-indigo-ink">
          แบบเสื้อยอดนิยม
        </h2>
        {stats.topDesigns.length === 0 ? (
          <p className={`${card} p-6 text-center text-stone-500`}>ยังไม่มีคำสั่งซื้อในช่วงเวลานี้</p>
        ) : (
          <ol className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            {stats.topDesigns.map((design, index) => (
              <li key={design.id} className={`${card} overflow-hidden`}>
                <img
                  src={design.image}
                  alt={`แบบเสื้อ #${design.id} ${design.label}`}
                  width={240}
                  height={240}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full bg-cream object-contain"
                />
                <div className="p-3 text-sm">
                  <p className="font-semibold text-indigo-ink">
                    {index + 1}. {design.label}
                  </p>
                  <p className="text-stone-500">
                    #{design.id} · {design.shopName ?? "-"}
                  </p>
                  <p className="mt-1">
                    {formatCount(design.orderCount)} คำสั่งซื้อ · {formatBaht(design.totalRevenue)}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="recent-orders" className="space-y-3">
        <div className="flex items-end justify-between gap-3">
          <h2 id="recent-orders" className="text-xl font-semibold text-indigo-ink">
            คำสั่งซื้อล่าสุด
          </h2>
          <Link to="/admin/manage/orders" className="text-sm font-semibold text-indigo-ink hover:underline">
            จัดการคำสั่งซื้อทั้งหมด →
          </Link>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a region role names the scroller; a <section> would add a heading level */}
        <div
          className={`${card} overflow-x-auto`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-label="ตารางคำสั่งซื้อล่าสุด (เลื่อนซ้ายขวาได้)"
        >
          <table className={`${cellsTable} w-full min-w-[44rem] text-[15px]`}>
            <thead className={tableHead}>
              <tr>
                <th scope="col">รหัส</th>
                <th scope="col">ผู้ซื้อ</th>
                <th scope="col">ช่างตัด</th>
                <th scope="col">ราคา</th>
                <th scope="col">สถานะ</th>
                <th scope="col">วันที่สั่ง</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {stats.recentOrders.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-3 py-8 text-center text-stone-500">
                    ไม่พบข้อมูลคำสั่งซื้อ
                  </td>
                </tr>
              ) : (
                stats.recentOrders.map((order) => (
                  <tr key={order.id}>
                    <td className="font-semibold">#{order.id}</td>
                    <td>{order.buyerName ?? "-"}</td>
                    <td>{order.sellerName ?? "ยังไม่ได้เลือกช่าง"}</td>
                    <td className="whitespace-nowrap">
                      {order.totalPrice === null ? "-" : formatBaht(order.totalPrice)}
                    </td>
                    <td>
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="whitespace-nowrap text-stone-600">{formatThaiDate(order.orderedAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>

      <StatsTables
        search={search}
        userStats={userStats}
        merchantStats={merchantStats}
        userSort={userSort}
        merchantSort={merchantSort}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message={ADMIN_MESSAGES.statisticsLoadFailed} />;
}
