import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookieFor, startSession } from "~/auth/session.server";
import { commonSecurityHeaders, contentSecurityPolicy, inlineScriptHashes } from "~/http/headers.server";
import { isCrossSite } from "~/http/origin";
import { createTestUser } from "../support/users";

describe("security headers", () => {
  it("HSTS only over HTTPS", () => {
    expect(commonSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/max-age=\d{7,}/);
    expect(commonSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
  });

  it("a CSP that lets scripts run from the shop's files and inline only by their hashes", () => {
    const csp = contentSecurityPolicy(["sha256-one=", "sha256-two="]);
    expect(csp).toContain("script-src 'self' 'sha256-one=' 'sha256-two=';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-eval/);
  });

  it("hashes each inline script of a page once, as a browser does, and no script with a source", () => {
    const html = Buffer.from(
      '<head><script>alert(1)</script><script type="module" src="/assets/entry.js"></script></head>' +
        '<body><p>&lt;script&gt;</p><script type="module" async="">alert(1)</script><script>let shop = "ร้าน";</script></body>',
    );
    // SHA-256 of "alert(1)" in base64, as the CSP specification's examples compute it.
    const alert = "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=";
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(alert);
    // The UTF-8 bytes of Thai text, as sent.
    expect(hashes[1]).toBe(
      `sha256-${createHash("sha256").update(Buffer.from('let shop = "ร้าน";', "utf8")).digest("base64")}`,
    );
  });

  it("over HTTPS the session cookie is Secure and __Host- prefixed; over plain http (a local demo) it still works", async () => {
    const user = await createTestUser();
    const secure = await startSession(new Request("https://shop.example/login"), user.id);
    expect(secure).toMatch(/^__Host-shop_session=/);
    expect(secure).toMatch(/; Secure/i);
    expect(secure).toMatch(/; Path=\//);
    expect(secure).not.toMatch(/Domain=/i);
    const plain = await startSession(new Request("http://192.168.1.20:3000/login"), user.id);
    expect(plain).toMatch(/^shop_session=/);
    expect(plain).not.toMatch(/; Secure/i);
    expect(cookieFor(new Request("https://x/")).name).toBe("__Host-shop_session");
  });
});

describe("cross-site writes", () => {
  const post = (headers: Record<string, string>, method = "POST") => ({
    method,
    self: "http://shop.example",
    origin: headers.Origin ?? null,
    fetchSite: headers["Sec-Fetch-Site"] ?? null,
  });
  it("refuses another origin, a null origin and a cross-site fetch", () => {
    expect(isCrossSite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSite(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
  it("lets the shop's own pages, reads and non-browser clients through", () => {
    expect(isCrossSite(post({ Origin: "http://shop.example" }))).toBe(false);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSite(post({}))).toBe(false);
    expect(isCrossSite(post({ Origin: "https://evil.example" }, "GET"))).toBe(false);
  });
});
