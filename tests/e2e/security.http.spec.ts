import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";

// HTTP-level checks, and the script policy in a browser (run in the "js" project only: see playwright.config.ts).

/** The CSP hash of each inline script of a page, as a browser computes it (UTF-8 bytes, SHA-256). */
function inlineScriptHashesOf(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!))
    .map(([, , content]) => `sha256-${createHash("sha256").update(content!, "utf8").digest("base64")}`);
}

test("every page answers with an enforced CSP naming its scripts' hashes, and the common security headers", async ({
  request,
}) => {
  for (const path of ["/", "/login", "/contact", "/merchant/info", "/no-such-page"]) {
    // Twice: the second answer to a kept page is the kept one, sent as it was.
    for (const time of ["drawn", "again"]) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers["content-security-policy"];
      expect(csp, `${path} ${time}`).toBeTruthy();
      expect(csp).not.toContain("nonce-");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy-report-only"]).toBeUndefined();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // Scripts come from the shop's own files, or inline with their hash listed, and no other.
      const scriptSources = /script-src ([^;]*)/.exec(csp!)![1]!.split(" ");
      const html = await response.text();
      const hashes = inlineScriptHashesOf(html);
      expect(hashes.length).toBeGreaterThan(0);
      expect(scriptSources.sort()).toEqual(["'self'", ...[...new Set(hashes)].map((hash) => `'${hash}'`)].sort());
      for (const [, source] of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) expect(source).toMatch(/^\/(?!\/)/);
    }
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

test("in a browser the page's own scripts run, drawn or revalidated, and a script slipped into it does not", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  // The contact page twice: drawn, then asked for again with its ETag. Its scripts ran when React Router's router exists.
  for (const time of ["drawn", "revalidated"]) {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 }), time).toBeVisible();
    await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  }
  expect(refused).toEqual([]);

  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.slippedIn = true";
    document.body.append(script);
    return "slippedIn" in window;
  });
  expect(ran).toBe(false);
  await expect.poll(() => refused.length).toBe(1);
});
