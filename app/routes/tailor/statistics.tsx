import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { SalesTrendChart, TopDesignsChart } from "~/components/charts/chart-figure";
import { site } from "~/content/site";
import { PERIOD_LABELS } from "~/domain/statistics/periods";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/statistics";
import { loadStatisticsPage } from "./statistics/load-statistics.server";
import { OrdersList } from "./statistics/orders-list";
import { PeriodFilter } from "./statistics/period-filter";
import { SummaryCards } from "./statistics/summary-cards";
import { TopDesignCards } from "./statistics/top-design-cards";

export const meta: Route.MetaFunction = () => [{ title: `สถิติคำสั่งซื้อ | ${site.enterpriseName}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "merchant" });
  return orPageError(() => loadStatisticsPage(user.id, new URL(request.url).searchParams.get("period")));
}

export default function MerchantStatistics({ loaderData }: Route.ComponentProps) {
  const { period, error, statistics, charts } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">สถิติคำสั่งซื้อ</h1>
          <p className="mt-1 text-stone-600">ช่วงเวลา: {PERIOD_LABELS[period]}</p>
        </div>
        <div className="w-full sm:w-auto">
          <PeriodFilter current={period} />
        </div>
      </header>

      {error || !statistics || !charts ? (
        <div role="alert" className="mt-8 rounded-2xl bg-red-50 p-5 text-lac ring-1 ring-lac/30">
          <p className="font-semibold">{error?.message}</p>
          {error?.detail ? <p className="mt-1 text-sm">{error.detail}</p> : null}
          <Link to="/merchant/statistics" className="mt-3 inline-block font-semibold text-indigo-ink underline">
            ดูสถิติทั้งหมด
          </Link>
        </div>
      ) : (
        <>
          <SummaryCards counts={statistics.orderCounts} earnings={statistics.totalEarnings} />
          <p className="mt-3 text-sm text-stone-500">
            นับคำสั่งซื้อตามวันที่ลูกค้าสั่ง (เวลาประเทศไทย) รายได้นับเฉพาะคำสั่งซื้อที่ตัดเย็บเสร็จแล้ว คำสั่งซื้อที่ยกเลิกไม่นับรวมในตัวเลขและกราฟ
          </p>

          <h2 className="mt-10 text-xl font-semibold text-indigo-ink">แนวโน้มยอดขาย</h2>
          <div className="mt-3 grid gap-4 lg:grid-cols-2">
            <SalesTrendChart
              chart={charts.orders}
              title="จำนวนคำสั่งซื้อ"
              caption={statistics.granularity === "day" ? "รายวัน" : "รายเดือน"}
            />
            <SalesTrendChart chart={charts.revenue} title="รายได้ (บาท)" caption="จากคำสั่งซื้อที่ตัดเย็บเสร็จแล้ว" />
          </div>

          <h2 className="mt-10 text-xl font-semibold text-indigo-ink">แบบเสื้อยอดนิยม</h2>
          <TopDesignCards designs={statistics.topDesigns} />
          {statistics.topDesigns.length > 0 ? (
            <div className="mt-4 grid gap-4 lg:grid-cols-2">
              <TopDesignsChart chart={charts.topDesigns} title="จำนวนคำสั่งซื้อต่อแบบเสื้อ" />
              <TopDesignsChart chart={charts.topRevenue} title="รายได้ต่อแบบเสื้อ (บาท)" caption="จากคำสั่งซื้อที่ตัดเย็บเสร็จแล้ว" />
            </div>
          ) : null}

          <h2 className="mt-10 text-xl font-semibold text-indigo-ink">รายการคำสั่งซื้อ</h2>
          <OrdersList orders={statistics.orders} total={statistics.orderTotal} />
        </>
      )}
    </section>
  );
}
