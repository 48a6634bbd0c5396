import { describe, expect, it } from "vitest";
import { bangkokDate, bucketsOf, fillBuckets, parsePeriod, periodWindow } from "./periods";

describe("statistics periods in Bangkok days", () => {
  it("reads ?period=, missing means all, anything else is refused in Thai", () => {
    expect(parsePeriod(null)).toBe("all");
    expect(parsePeriod("")).toBe("all");
    expect(parsePeriod("week")).toBe("week");
    expect(() => parsePeriod("WEEK")).toThrow("ช่วงเวลาไม่ถูกต้อง");
  });

  it("counts the day by Thai time: 18:00 UTC is already tomorrow in Bangkok", () => {
    expect(bangkokDate(new Date("2026-12-31T16:59:59Z"))).toBe("2026-12-31");
    expect(bangkokDate(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01");
  });

  it("a year reaches back over new year to the same month's start, 12 buckets", () => {
    const now = new Date("2027-01-05T03:00:00Z");
    const window = periodWindow("year", now);
    expect(window.since?.toISOString()).toBe("2026-01-31T17:00:00.000Z"); // 1 Feb 2026 00:00 in Bangkok
    const buckets = bucketsOf(window, now, null);
    expect(buckets).toHaveLength(12);
    expect([buckets[0], buckets[11]]).toEqual(["2026-02-01", "2027-01-01"]);
  });

  it("a week is today and the 6 days before, a month 30 days", () => {
    const now = new Date("2027-03-01T01:00:00Z");
    expect(bucketsOf(periodWindow("week", now), now, null)).toEqual([
      "2027-02-23",
      "2027-02-24",
      "2027-02-25",
      "2027-02-26",
      "2027-02-27",
      "2027-02-28",
      "2027-03-01",
    ]);
    const month = bucketsOf(periodWindow("month", now), now, null);
    expect([month.length, month[0]]).toEqual([30, "2027-01-31"]);
  });

  it("fills buckets without rows with zeros", () => {
    expect(fillBuckets(["2027-01-01", "2027-02-01"], [{ bucket: "2027-02-01", orderCount: 2, revenue: 10 }])).toEqual([
      { date: "2027-01-01", orderCount: 0, revenue: 0 },
      { date: "2027-02-01", orderCount: 2, revenue: 10 },
    ]);
  });
});
