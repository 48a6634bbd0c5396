import { describe, expect, it } from "vitest";
import { pageOf, pageWindow } from "./paging";

const page = (query: string) => pageOf(new URLSearchParams(query));

describe("the page asked for (?page=)", () => {
  it("reads a whole number written in digits", () => {
    expect(page("page=1")).toBe(1);
    expect(page("page=2")).toBe(2);
    expect(page("page= 12 ")).toBe(12);
  });

  it("reads anything else as the first page, the same on every list", () => {
    for (const nonsense of [
      "",
      "page=",
      "page=0",
      "page=-2",
      "page=2x",
      "page=1e3",
      "page=2.5",
      "page=0x10",
      "page=9999999999999999",
    ])
      expect(page(nonsense), nonsense).toBe(1);
  });

  it("a page past the end is the last page", () => {
    expect(pageWindow(45, 9, 20)).toMatchObject({ page: 3, pageCount: 3, skip: 40 });
  });
});
