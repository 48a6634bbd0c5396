import { describe, expect, it } from "vitest";
import { parseThaiDay, thaiDayText } from "./thai-date-input";

describe("Thai day fields", () => {
  it("read day/month/Buddhist-era year, and ISO days from older links", () => {
    expect(parseThaiDay("28/11/2569")).toBe("2026-11-28");
    expect(parseThaiDay(" 1/2/2568 ")).toBe("2025-02-01");
    expect(parseThaiDay("29/2/2567")).toBe("2024-02-29");
    expect(parseThaiDay("2026-11-28")).toBe("2026-11-28");
    // A Christian-era year typed by habit is still read as one.
    expect(parseThaiDay("28/11/2026")).toBe("2026-11-28");
  });

  it("refuse what is not a calendar day", () => {
    for (const text of [
      "",
      "11/28/2569",
      "29/2/2568",
      "31/4/2569",
      "0/1/2569",
      "28-11-2569",
      "28/11/69",
      "2026-13-01",
      null,
    ])
      expect(parseThaiDay(text)).toBeNull();
  });

  it("show an ISO day the way it is typed", () => {
    expect(thaiDayText("2026-11-28")).toBe("28/11/2569");
    expect(thaiDayText("2025-02-01")).toBe("1/2/2568");
    expect(thaiDayText(null)).toBe("");
  });
});
