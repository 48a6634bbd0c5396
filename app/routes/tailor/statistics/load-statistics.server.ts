import { data } from "react-router";
import { salesTrendChart, topDesignsChart } from "~/components/charts/render.server";
import { isDomainError } from "~/domain/errors";
import { getMerchantStatistics } from "~/domain/statistics/merchant-statistics.server";
import { type Period, parsePeriod } from "~/domain/statistics/periods";
import { isShopBusy, pageFault } from "~/http/responses.server";
import { logger } from "~/lib/logger.server";

export const STATISTICS_FAILED = "ไม่สามารถโหลดข้อมูลสถิติได้";

/**
 * The statistics page's data: the figures and their charts drawn on the server. A bad
 * period or a fault gives the page the spec's message instead of an error page.
 */
export async function loadStatisticsPage(merchantId: number, requested: string | null) {
  let period: Period = "all";
  try {
    period = parsePeriod(requested);
    // The trend travels once, inside each chart's figures; the page does not read it again.
    const { salesTrend, ...statistics } = await getMerchantStatistics(merchantId, period);
    const bars = statistics.topDesigns.map((design) => ({
      id: design.id,
      label: design.label,
      orderCount: design.orderCount,
      totalRevenue: design.totalRevenue,
    }));
    return {
      period,
      error: null,
      statistics,
      charts: {
        orders: salesTrendChart(salesTrend, statistics.granularity, "orderCount"),
        revenue: salesTrendChart(salesTrend, statistics.granularity, "revenue"),
        topDesigns: topDesignsChart(bars, "orderCount"),
        topRevenue: topDesignsChart(bars, "revenue"),
      },
    };
  } catch (error) {
    // A busy database is the shop's 503 page (decision 44); other faults keep the spec's message.
    if (isShopBusy(error)) throw pageFault(error);
    if (!isDomainError(error)) logger().error({ err: error }, "Loading merchant statistics failed");
    const detail = isDomainError(error) ? error.message : null;
    return data(
      { period, error: { message: STATISTICS_FAILED, detail }, statistics: null, charts: null },
      { status: isDomainError(error) ? error.status : 500 },
    );
  }
}
