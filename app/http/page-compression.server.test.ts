import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPage, encodingFor, pageEncoding } from "./page-compression.server";

describe("pageEncoding", () => {
  it("prefers brotli where the client takes both alike, and honours its weights", () => {
    expect(pageEncoding("gzip, deflate, br")).toBe("br");
    expect(pageEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(pageEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pageEncoding("deflate")).toBeUndefined();
    expect(pageEncoding("identity")).toBeUndefined();
    expect(pageEncoding(null)).toBeUndefined();
  });
});

describe("compressPage", () => {
  const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>ผ้าทอมือ</p>".repeat(200)}</body></html>`);

  it("gives the page back whole after decompression", async () => {
    const br = await compressPage(page, "br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gz = await compressPage(page, "gzip");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).equals(page)).toBe(true);
  });

  it("sends a small page as it is, and a page as the client asked", async () => {
    const small = Buffer.from("<p>ok</p>");
    expect(encodingFor(small, "gzip, deflate, br")).toBeUndefined();
    expect(await compressPage(small, encodingFor(small, "br"))).toEqual({ body: small, asKept: true });
    expect(encodingFor(page, "gzip, deflate, br")).toBe("br");
    expect(encodingFor(page, "identity")).toBeUndefined();
  });

  it("compresses a page to be kept harder than one for a single answer, to the same page", async () => {
    // A signed-in page's variety: rows that differ in their names, numbers and dates.
    const rows = Array.from(
      { length: 300 },
      (_, n) =>
        `<tr><td>คำสั่งซื้อ #${n * 7919}</td><td>${(n * 104729) % 100000} บาท</td><td>${n % 28} พ.ย. 2569</td></tr>`,
    ).join("");
    const html = Buffer.from(`<!DOCTYPE html><html><body><table>${rows}</table></body></html>`);
    const answer = await compressPage(html, "br");
    const kept = await compressPage(html, "br", "kept");
    expect(answer.asKept).toBe(false);
    expect(kept.asKept).toBe(true);
    expect(kept.body.length).toBeLessThan(answer.body.length);
    expect(brotliDecompressSync(kept.body).equals(html)).toBe(true);
    expect((await compressPage(html, "gzip")).asKept).toBe(true);
  });
});
