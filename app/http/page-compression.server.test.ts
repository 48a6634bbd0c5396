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
    expect(await compressPage(small, encodingFor(small, "br"))).toEqual({ body: small });
    expect(encodingFor(page, "gzip, deflate, br")).toBe("br");
    expect(encodingFor(page, "identity")).toBeUndefined();
  });
});
