import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareBuild } from "../../support/http-server";

/**
 * What each page's script file brings with it, read from the production build's manifest
 * (docs/decisions.md, 116): the schema library loads only when someone starts on a form, and the
 * designer's file only on the designer's pages. Either, taken in by a shared module, once put
 * 26 KB and 40 KB on every page a customer on a slow connection opens.
 */

interface ManifestRoute {
  module: string;
  imports?: string[];
}

let routes: Record<string, ManifestRoute>;

beforeAll(() => {
  const assets = path.join(prepareBuild(), "build", "client", "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[0-9a-f]+\.js$/.test(name));
  if (!file) throw new Error("the build has no manifest");
  const source = readFileSync(path.join(assets, file), "utf8");
  routes = (JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as { routes: typeof routes })
    .routes;
}, 240_000);

const importing = (chunk: RegExp) =>
  Object.entries(routes)
    .filter(([, route]) => (route.imports ?? []).some((file) => chunk.test(file)))
    .map(([id]) => id)
    .sort();

describe("the scripts a page loads", () => {
  it("no page loads the schema library before a form is used", () => {
    expect(importing(/\/zod-[\w-]+\.js$/)).toEqual([]);
  });

  it("only the designer's pages load the designer", () => {
    expect(importing(/\/designer-[\w-]+\.js$/)).toEqual([
      "routes/designer/design",
      "routes/designer/popular-design-edit",
      "routes/designer/popular-designs",
    ]);
  });

  it("the share links' file goes to the pages that show share links, not the tailor's designer pages", () => {
    expect(importing(/\/sharing-[\w-]+\.js$/)).toEqual([
      "routes/designer/design",
      "routes/sharing/design-page",
      "routes/shop/home",
      "routes/tailor/shop-page",
      "routes/tailor/shops",
    ]);
  });

  it("the catalogue's file (sizes and reviews) goes only to pages that show sizes or reviews: not the pricing pages, the cart's review, the order lists, the work sheet or the admins' other tables", () => {
    expect(importing(/\/catalogue-[\w-]+\.js$/)).toEqual([
      "routes/admin/reviews",
      "routes/designer/design",
      "routes/designer/popular-design-edit",
      "routes/designer/popular-designs",
      "routes/orders/cart",
      "routes/orders/merchant-order",
      "routes/orders/merchant-select",
      // Through an order's view, which the messages page shares with the order pages (one file for
      // both: vite.config.ts, "order-detail").
      "routes/orders/order-messages",
      "routes/orders/user-product",
      "routes/sharing/design-page",
      "routes/tailor/reviews",
      "routes/tailor/shop-page",
      "routes/tailor/shops",
    ]);
  });

  it("the catalogue's parts (every pattern with its words) go only with the designer: not to the order pages, the silk shops or the pricing pages", () => {
    // vite.config.ts: options.ts is in the designer's set. In the catalogue's, the order pages, the
    // cart and the silk shops took its 1.5 KB for two size words. The pricing pages read a price's
    // words and rules (price-text.ts), and their form's check (price-list-form.ts) brings no parts either.
    const manifest = routes["routes/orders/merchant-order"]?.imports ?? [];
    expect(manifest.some((file) => /\/designer-[\w-]+\.js$/.test(file))).toBe(false);
    expect(importing(/\/designer-[\w-]+\.js$/)).not.toContain("routes/tailor/pricing");
    const assets = path.join(prepareBuild(), "build", "client", "assets");
    const check = readdirSync(assets).find((file) => /^price-list-form-[\w-]+\.js$/.test(file));
    expect(check).toBeDefined();
    expect(readFileSync(path.join(assets, check!), "utf8")).not.toMatch(/\/(designer|catalogue)-[\w-]+\.js/);
    const chunkText = (pattern: RegExp) => {
      const assets = path.join(prepareBuild(), "build", "client", "assets");
      const name = readdirSync(assets).find((file) => pattern.test(file) && file.endsWith(".js"));
      return name ? readFileSync(path.join(assets, name), "utf8") : "";
    };
    // A pattern's Thai name (shirt1's) is in the designer's file, not the catalogue's.
    const partName = "เสื้อเชิ้ตชายแขนยาว";
    expect(chunkText(/^designer-/)).toContain(partName);
    expect(chunkText(/^catalogue-/)).not.toContain(partName);
  });

  it("an order page loads its confirmations, its slip request and the receipt question only when it draws them (lazy parts)", () => {
    const assets = path.join(prepareBuild(), "build", "client", "assets");
    const text = (module: string) => readFileSync(path.join(assets, path.basename(module)), "utf8");
    const atRest = (id: string) => [routes[id]!.module, ...(routes[id]!.imports ?? [])].map(text).join("\n");
    // The words of each, drawn only with ?confirm= (or while a slip waits), are in files of their own.
    for (const id of ["routes/orders/merchant-order", "routes/orders/user-product", "routes/admin/orders"]) {
      const loaded = atRest(id);
      expect(loaded, id).not.toContain("ยืนยันยกเลิกคำสั่งซื้อ");
      expect(loaded, id).not.toContain("เหตุผลที่ยกเลิก");
    }
    expect(atRest("routes/orders/merchant-order")).not.toContain("ยืนยันตัดเย็บเสร็จแล้ว");
    expect(atRest("routes/orders/merchant-order")).not.toContain("ขอสลิปใหม่ เพราะ");
    // The carriers come with the tailor's page as data (carriers.ts: carrierChoices): no order page's
    // script carries their names, tracking addresses and checks.
    for (const id of ["routes/orders/merchant-order", "routes/orders/user-product"])
      expect(atRest(id), id).not.toContain("Kerry Express");
    // The customer's "received?" panel: drawn only while the shirt is on its way.
    expect(atRest("routes/orders/user-product")).not.toContain("ได้รับเสื้อแล้วหรือยัง?");
    // The control: a form the tailor's page draws at rest is in its files.
    expect(atRest("routes/orders/merchant-order")).toContain("บริษัทขนส่ง");
  });

  it("no page loads the form library before someone starts on a form: a form at rest is drawn and hydrated without Conform", () => {
    // Conform and its side of a form (form-binding.tsx) come on the first focus or pointer over a
    // form (components/forms.tsx, decision 124): about 6.5 KB less on the sign-in page, the pricing pages,
    // the popular designs and the order pages.
    expect(importing(/\/forms-[\w-]+\.js$/)).toEqual([]);
    const withFormKit = importing(/\/form-kit-[\w-]+\.js$/);
    // The admins' tables and the cart show their forms only on request (decision 123): not even the kit.
    expect(withFormKit).not.toContain("routes/admin/users");
    expect(withFormKit).not.toContain("routes/admin/reviews");
    expect(withFormKit).not.toContain("routes/orders/cart");
    // A page that shows a form at rest has the resting form and Conform's attribute helpers (the control).
    expect(withFormKit).toContain("routes/account/login");
    expect(withFormKit).toContain("routes/tailor/pricing");
  });

  it("what a page draws only now and then, or only the server says, is not in the files it loads at rest", () => {
    const assets = path.join(prepareBuild(), "build", "client", "assets");
    const text = (module: string) => readFileSync(path.join(assets, path.basename(module)), "utf8");
    const atRest = (id: string) =>
      [routes.root!.module, ...(routes.root!.imports ?? []), routes[id]!.module, ...(routes[id]!.imports ?? [])]
        .map(text)
        .join("\n");
    const everyScript = readdirSync(assets)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(assets, file), "utf8"))
      .join("\n");
    // The notice after a form (its titles): loaded when there is one, or when a form is first sent.
    const noticeTitle = "แจ้งให้ทราบ";
    expect(everyScript).toContain(noticeTitle);
    for (const id of ["routes/shop/home", "routes/orders/merchant-order", "routes/designer/popular-designs"])
      expect(atRest(id), id).not.toContain(noticeTitle);
    // An order's measurements: only with an order cut to measure; the profile page draws them at rest.
    for (const id of [
      "routes/orders/merchant-order",
      "routes/orders/user-product",
      "routes/orders/merchant-order-sheet",
    ])
      expect(atRest(id), id).not.toContain("ลูกค้าวัดเป็น");
    expect(atRest("routes/account/measurements")).toContain("รอบอก");
    // The tailor's answer to a review: only while a review waits for one.
    expect(atRest("routes/orders/merchant-order")).not.toContain("ตอบรีวิวนี้");
    // The print bar goes with the papers, not the order's page.
    expect(atRest("routes/orders/merchant-order-sheet")).toContain("กลับไปที่คำสั่งซื้อ");
    expect(atRest("routes/orders/merchant-order")).not.toContain("พิมพ์ด้วยคำสั่งพิมพ์ของเบราว์เซอร์");
    // The customer's size, quantity and price range are the customer's designer's, not the tailor's.
    expect(atRest("routes/designer/design")).toContain("ลดจำนวน");
    expect(atRest("routes/designer/design")).toContain("กำลังคำนวณราคา…");
    expect(atRest("routes/designer/popular-designs")).not.toContain("ลดจำนวน");
    expect(atRest("routes/designer/popular-designs")).not.toContain("กำลังคำนวณราคา…");
    // The server's answers after a step (payment-answers.server.ts, step-notices.server.ts) are in no
    // script; the buttons that take the steps are.
    expect(atRest("routes/orders/merchant-order")).toContain("ยืนยันได้รับเงินแล้ว");
    for (const answer of ["สลิปนี้เคยใช้ชำระเงินไปแล้ว", "ยืนยันการชำระเงินเรียบร้อยแล้ว", "เกิดข้อผิดพลาดในการรับงาน"])
      expect(everyScript).not.toContain(answer);
  });

  it("an order's page, the silk shops and the pricing page ask for few script files of their own (each is a round trip on a slow connection)", () => {
    // Beside the entry's four (entry, runtime, shell, root): the route's module and what it imports.
    const own = (id: string) =>
      1 + (routes[id]?.imports ?? []).filter((file) => !/\/(rolldown-runtime|shell)-/.test(file)).length;
    // Past nine files in all (with the two fonts and a picture, eleven requests), the last script of
    // a page waits on Slow 3G for a third round of requests over HTTP/1.1's six connections.
    expect(own("routes/orders/merchant-order")).toBeLessThanOrEqual(5);
    expect(own("routes/orders/user-product")).toBeLessThanOrEqual(4);
    expect(own("routes/orders/order-messages")).toBeLessThanOrEqual(4);
    // The silk shops and a shop's page: their cards are one file, their reviews go with the sizes.
    expect(own("routes/tailor/shops")).toBeLessThanOrEqual(4);
    expect(own("routes/tailor/shop-page")).toBeLessThanOrEqual(4);
    expect(own("routes/sharing/design-page")).toBeLessThanOrEqual(4);
    // The sheet reads the price rows only, not the order's whole view (and its reviews).
    expect(own("routes/orders/merchant-order-sheet")).toBeLessThanOrEqual(3);
    // The pricing page reads the part prices' words at rest, not the catalogue (vite.config.ts).
    expect(own("routes/tailor/pricing")).toBeLessThanOrEqual(4);
    // The designer and the cart's review: the sizes are not a file of their own (decision 116, stop 59).
    expect(own("routes/designer/design")).toBeLessThanOrEqual(4);
    // The tailor's popular designs: the designer, the resting forms and the sizes (its preview picture
    // is preloaded too).
    expect(own("routes/designer/popular-designs")).toBeLessThanOrEqual(4);
    expect(own("routes/orders/cart-review")).toBeLessThanOrEqual(3);
  });
});
