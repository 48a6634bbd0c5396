import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("keeps at most its size, dropping the entry used longest ago", () => {
    const cache = new BoundedCache<number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the newest
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("replaces a key without growing", () => {
    const cache = new BoundedCache<string>(2);
    cache.set("a", "x");
    cache.set("a", "y");
    cache.set("b", "z");
    expect([cache.get("a"), cache.get("b"), cache.size]).toEqual(["y", "z", 2]);
  });
});
