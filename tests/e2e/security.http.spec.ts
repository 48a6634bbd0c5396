import { expect, test } from "@playwright/test";

// HTTP-level checks (run in the "js" project only: see playwright.config.ts).

test("every page answers with an enforced nonce CSP and the common security headers", async ({ request }) => {
  for (const path of ["/", "/login", "/contact", "/no-such-page"]) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp, path).toBeTruthy();
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy-report-only"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Every script on the page carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp!)![1]!;
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  }
  const asset = await request.get("/favicon.svg");
  expect(asset.status()).toBe(200);
  expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
  // Public files outside /assets are served from disk with a day's caching.
  const picture = await request.get("/images/placeholder-shirt.svg");
  expect(picture.status()).toBe(200);
  expect(picture.headers()["cache-control"]).toBe("public, max-age=86400");
  const api = await request.get("/api/public/info");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ request }) => {
  const response = await request.post("/api/auth/login", { data: { email: "user@example.com", password: "demo1234" } });
  expect(response.status()).toBe(200);
  const cookie = response
    .headersArray()
    .find((header) => header.name.toLowerCase() === "set-cookie" && header.value.startsWith("shop_session="));
  expect(cookie?.value).toMatch(/HttpOnly/i);
  expect(cookie?.value).toMatch(/SameSite=Lax/i);
});

test("a write from another site is refused before any action runs", async ({ request }) => {
  const evil = { Origin: "https://evil.example" };
  const login = await request.post("/api/auth/login", {
    headers: evil,
    data: { email: "user@example.com", password: "demo1234" },
  });
  expect(login.status()).toBe(403);
  expect((await login.json()).error).toBe("ไม่อนุญาตให้ส่งคำขอจากเว็บไซต์อื่น");
  expect(login.headers()["set-cookie"] ?? "").not.toContain("shop_session=");
  const form = await request.post("/login", {
    headers: { ...evil, "Content-Type": "application/x-www-form-urlencoded" },
    data: "email=user%40example.com&password=demo1234",
    maxRedirects: 0,
  });
  expect(form.status()).toBe(403);
  const crossSite = await request.post("/logout", { headers: { "Sec-Fetch-Site": "cross-site" }, maxRedirects: 0 });
  expect(crossSite.status()).toBe(403);
  // The same write from the shop itself goes through.
  const own = await request.post("/api/auth/login", {
    headers: { Origin: new URL(login.url()).origin },
    data: { email: "user@example.com", password: "demo1234" },
  });
  expect(own.status()).toBe(200);
});
