import { describe, expect, it } from "vitest";
import { chartSpecOf } from "./chart-image.server";
import { bucketLabel, describeChart, shortLabel, tickEvery, wholeTicks } from "./chart-spec";
import { drawChartSvg, salesTrendChart, topDesignsChart } from "./render.server";

describe("charts drawn on the server", () => {
  const points = [
    { date: "2026-11-20", orderCount: 2, revenue: 1780 },
    { date: "2026-11-21", orderCount: 0, revenue: 0 },
    { date: "2026-11-22", orderCount: 5, revenue: 4450 },
  ];
  const paramsOf = (address: string) => new URL(address, "http://shop.test").searchParams;

  it("draws a sales trend as a scalable SVG for phones and wide screens", () => {
    const spec = salesTrendChart(points, "day", "orderCount").spec;
    expect(spec).toEqual({ kind: "trend", metric: "orderCount", granularity: "day", points });
    for (const size of ["narrow", "wide"] as const) {
      const svg = drawChartSvg(spec, size);
      // An image of its own: the SVG element alone, nothing around it.
      expect(svg).toMatch(/^<svg viewBox="0 0 \d+ \d+"[^>]* xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg).toMatch(/<\/svg>$/);
      expect(svg).toContain('role="img"');
      expect(svg).toContain("22 พ.ย.");
    }
    expect(drawChartSvg(spec, "narrow")).toContain('viewBox="0 0 340 220"');
    expect(drawChartSvg(spec, "wide")).toContain('viewBox="0 0 560 260"');
  });

  it("leaves the value axis room for its widest label: a shop's years of revenue are not cut off", () => {
    const plotLeft = (svg: string) => Number(svg.match(/<g transform="translate\((\d+),/)![1]);
    const years = [
      { date: "2026-10-01", orderCount: 11_720, revenue: 15_000_000 },
      { date: "2026-11-01", orderCount: 9_000, revenue: 12_400_000 },
    ];
    for (const metric of ["revenue", "orderCount"] as const) {
      const small = plotLeft(drawChartSvg(salesTrendChart(points, "day", metric).spec, "wide"));
      const large = plotLeft(drawChartSvg(salesTrendChart(years, "month", metric).spec, "wide"));
      // "15,000,000" is ten characters at about 7 px each at the axis's 11 px; "12,000" six.
      expect(large).toBeGreaterThanOrEqual(metric === "revenue" ? 80 : 52);
      expect(large).toBeGreaterThan(small);
    }
  });

  it("draws top designs as bars named by id and label", () => {
    const { spec } = topDesignsChart(
      [{ id: 7, label: "เสื้อเชิ้ตชายแขนยาว", orderCount: 4, totalRevenue: 3560 }],
      "orderCount",
    );
    expect(drawChartSvg(spec, "wide")).toContain("#7 เสื้อเชิ้ตชายแขนยาว");
    expect(drawChartSvg(spec, "wide")).toContain("<rect");
  });

  it("gives each chart image addresses that carry its figures, one per size", () => {
    const chart = salesTrendChart(points, "day", "revenue");
    expect(chart.image.narrow).toMatch(/^\/api\/charts\/chart\.svg\?d=[\w-]+&s=[\w-]+&v=2&w=narrow$/);
    expect(chart.image.wide).toMatch(/&w=wide$/);
    expect(chartSpecOf(paramsOf(chart.image.narrow))).toEqual(chart.spec);
    expect(chartSpecOf(paramsOf(chart.image.wide))).toEqual(chart.spec);
    // Other figures, another address: a browser never shows an old chart for new figures.
    expect(salesTrendChart(points.slice(1), "day", "revenue").image.narrow).not.toBe(chart.image.narrow);
  });

  it("draws nothing the shop did not sign: changed figures, another signature, a damaged address", () => {
    const chart = salesTrendChart(points, "day", "revenue");
    const params = paramsOf(chart.image.wide);
    const forged = new URLSearchParams(params);
    const otherFigures = salesTrendChart([{ date: "2026-11-20", orderCount: 999, revenue: 1 }], "day", "revenue");
    forged.set("d", paramsOf(otherFigures.image.wide).get("d")!);
    expect(chartSpecOf(forged)).toBeNull();
    const otherSignature = new URLSearchParams(params);
    otherSignature.set("s", paramsOf(otherFigures.image.wide).get("s")!);
    expect(chartSpecOf(otherSignature)).toBeNull();
    for (const broken of ["", "d=&s=", "d=abc&s=abc", `d=${params.get("d")}`, `s=${params.get("s")}`]) {
      expect(chartSpecOf(new URLSearchParams(broken))).toBeNull();
    }
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
