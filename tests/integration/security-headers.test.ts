import { describe, expect, it } from "vitest";
import { cookieFor, startSession } from "~/auth/session.server";
import { commonSecurityHeaders, contentSecurityPolicy } from "~/http/headers.server";
import { isCrossSiteWrite } from "~/http/origin";
import { createTestUser } from "../support/users";

describe("security headers", () => {
  it("HSTS only over HTTPS", () => {
    expect(commonSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/max-age=\d{7,}/);
    expect(commonSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
  });

  it("a nonce CSP with no unsafe scripts", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-eval/);
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
  const post = (headers: Record<string, string>) =>
    new Request("http://shop.example/cart", { method: "POST", headers });
  it("refuses another origin, a null origin and a cross-site fetch", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
  it("lets the shop's own pages, reads and non-browser clients through", () => {
    expect(isCrossSiteWrite(post({ Origin: "http://shop.example" }))).toBe(false);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite(post({}))).toBe(false);
    expect(
      isCrossSiteWrite(new Request("http://shop.example/cart", { headers: { Origin: "https://evil.example" } })),
    ).toBe(false);
  });
});
