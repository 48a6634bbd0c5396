import { describe, expect, it } from "vitest";
import { bucketLabel, describeChart, shortLabel, tickEvery, wholeTicks } from "./chart-spec";
import { salesTrendChart, topDesignsChart } from "./render.server";

describe("charts drawn on the server", () => {
  const points = [
    { date: "2026-11-20", orderCount: 2, revenue: 1780 },
    { date: "2026-11-21", orderCount: 0, revenue: 0 },
    { date: "2026-11-22", orderCount: 5, revenue: 4450 },
  ];

  it("draws a sales trend as a scalable SVG for phones and wide screens", () => {
    const chart = salesTrendChart(points, "day", "orderCount");
    for (const svg of [chart.svg.narrow, chart.svg.wide]) {
      expect(svg).toMatch(/<svg viewBox="0 0 \d+ \d+"/);
      expect(svg).toContain('role="img"');
      expect(svg).toContain("22 พ.ย.");
    }
    expect(chart.svg.narrow).toContain('viewBox="0 0 340 220"');
    expect(chart.svg.wide).toContain('viewBox="0 0 560 260"');
    expect(chart.spec).toEqual({ kind: "trend", metric: "orderCount", granularity: "day", points });
  });

  it("draws top designs as bars named by id and label", () => {
    const chart = topDesignsChart(
      [{ id: 7, label: "เสื้อเชิ้ตชายแขนยาว", orderCount: 4, totalRevenue: 3560 }],
      "orderCount",
    );
    expect(chart.svg.wide).toContain("#7 เสื้อเชิ้ตชายแขนยาว");
    expect(chart.svg.wide).toContain("<rect");
  });
});

describe("chart labels", () => {
  it("names days and months in Thai with the Buddhist year", () => {
    expect(bucketLabel("2026-11-22", "day")).toBe("22 พ.ย.");
    expect(bucketLabel("2026-11-01", "month")).toBe("พ.ย. 69");
  });

  it("shortens long names and thins out crowded axes", () => {
    expect(shortLabel("เสื้อหญิงแขนสามส่วนลายดอก", 8)).toBe("เสื้อหญิงแ…");
    expect(shortLabel("คอจีน", 8)).toBe("คอจีน");
    expect(tickEvery(30, 5)).toBe(6);
    expect(tickEvery(3, 5)).toBe(1);
    expect(wholeTicks(1)).toEqual([0, 1]);
    expect(wholeTicks(0)).toEqual([0, 1]);
    expect(wholeTicks(10)).toEqual([0, 3, 6, 9, 12]);
    expect(wholeTicks(8)).toEqual([0, 2, 4, 6, 8]);
  });

  it("summarises a chart for screen readers", () => {
    expect(
      describeChart({
        kind: "trend",
        metric: "revenue",
        granularity: "day",
        points: [{ date: "2026-11-22", orderCount: 1, revenue: 890 }],
      }),
    ).toContain("890");
  });
});
