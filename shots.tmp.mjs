import { chromium } from "playwright";
const [who, ...paths] = process.argv.slice(2);
const base = "http://127.0.0.1:3299";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
for (const js of [true, false]) {
  for (const width of [320, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js });
    if (who !== "visitor") {
      const r = await context.request.post(base + "/api/auth/login", { data: { email: who, password: "demo1234" }, headers: { Origin: base } });
      if (!r.ok()) throw new Error("login " + r.status());
    }
    const page = await context.newPage();
    for (const p of paths) {
      await page.goto(base + p);
      const name = `/tmp/shot-${who.split("@")[0]}-${p.replace(/[^a-z0-9]+/gi, "_")}-${width}-${js ? "js" : "nojs"}.png`;
      await page.screenshot({ path: name, fullPage: true });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
