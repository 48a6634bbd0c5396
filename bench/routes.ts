// Every route of the route table (app/routes.ts), and how the benchmark reads it: as which person,
// at which address (ids of the prepared data set), or why it is not read (a write, a redirect, a
// second address of the same module). A route the table does not name here stops the run, so a
// new page or call cannot go unmeasured.
import { SITE_PICTURE_PATH } from "~/domain/sharing/share";
import routes from "~/routes";
import type { Login } from "./config";

export type Who = "visitor" | Login;

export interface RouteTarget {
  /** The route table's pattern, e.g. /merchant/order/:id. */
  pattern: string;
  who: Who;
  url: string;
  /** A page (HTML, bounded at 40 KB compressed) or a call (JSON, SVG, a download). */
  kind: "page" | "call";
}

export interface SkippedRoute {
  pattern: string;
  reason: string;
}

/** The ids the addresses need, read from the prepared database. */
export interface BenchIds {
  tailor: number;
  tailorDesign: number;
  /** user@example.com's order with tailor1, taken (accepted or completed). */
  order: number;
  /** user@example.com's order whose payment is waiting (the QR code). */
  unpaidOrder: number;
  /** user@example.com's own design in the cart, waiting for a tailor. */
  cartItem: number;
  /** A user the admin opens. */
  someUser: number;
  /** user@example.com's order paid by transfer (its receipt). */
  paidOrder: number;
  /** user@example.com's order shipped and not yet received (its problem report). */
  shippedOrder: number;
}

/** A query on the prepared database (PostgreSQL or PGlite), answering its rows. */
export type Query = <Row>(sql: string, params?: unknown[]) => Promise<Row[]>;

export async function readIds(query: Query): Promise<BenchIds> {
  const one = async (sql: string): Promise<number> => {
    const row = (await query<{ id: number }>(sql))[0];
    if (!row) throw new Error(`the data set has nothing for: ${sql}`);
    return row.id;
  };
  const user = `(SELECT id FROM "User" WHERE email = 'user@example.com')`;
  const tailor1 = `(SELECT id FROM "User" WHERE email = 'tailor1@example.com')`;
  return {
    tailor: await one(`SELECT ${tailor1} AS id`),
    tailorDesign: await one(
      `SELECT id FROM "Design" WHERE "ownerId" = ${tailor1} AND status = 'approved' AND price > 0 ORDER BY id LIMIT 1`,
    ),
    order: await one(
      `SELECT id FROM "Order" WHERE "buyerId" = ${user} AND "sellerId" = ${tailor1} AND status IN ('accepted', 'completed') ORDER BY id LIMIT 1`,
    ),
    unpaidOrder: await one(
      `SELECT o.id FROM "Order" o JOIN "OrderPayment" p ON p."orderId" = o.id JOIN "User" s ON s.id = o."sellerId"
       WHERE o."buyerId" = ${user} AND o.status = 'accepted' AND p.status = 'unpaid' AND s."promptpayId" IS NOT NULL ORDER BY o.id LIMIT 1`,
    ),
    cartItem: await one(
      `SELECT o.id FROM "Order" o JOIN "Design" d ON d.id = o."designId"
       WHERE o."buyerId" = ${user} AND o.status = 'cart' AND d."ownerId" = o."buyerId" ORDER BY o.id LIMIT 1`,
    ),
    someUser: await one(`SELECT id FROM "User" WHERE email = 'somchai@example.com'`),
    paidOrder: await one(
      `SELECT o.id FROM "Order" o JOIN "OrderPayment" p ON p."orderId" = o.id
       WHERE o."buyerId" = ${user} AND o."sellerId" IS NOT NULL AND p.status = 'paid' AND p."paidAt" IS NOT NULL ORDER BY o.id LIMIT 1`,
    ),
    shippedOrder: await one(
      `SELECT o.id FROM "Order" o JOIN "OrderDelivery" d ON d."orderId" = o.id LEFT JOIN "OrderProblem" p ON p."orderId" = o.id
       WHERE o."buyerId" = ${user} AND o.status IN ('accepted', 'completed') AND d."receivedAt" IS NULL AND p.id IS NULL
       ORDER BY o.id LIMIT 1`,
    ),
  };
}

const page = (who: Who, url: string) => ({ who, url, kind: "page" as const });
const call = (who: Who, url: string) => ({ who, url, kind: "call" as const });
const skip = (reason: string) => ({ skip: reason });
const WRITE = "a write (measured in the mixed load when customers, tailors and admins use it)";
const ALIAS = "the same module as its /api/… address, measured there";
const PICTURE =
  "a preview picture addressed by what it shows: drawn once, then kept on disk and cached a year (/share/site/:file measures a kept one)";
const LINE_OFF = "a LINE page (not set up on a benchmark machine)";

type Plan = { who: Who; url: string; kind: RouteTarget["kind"] } | { skip: string };

/** How each pattern is read. */
function plans(ids: BenchIds): Record<string, Plan> {
  return {
    "/": page("visitor", "/"),
    "/contact": page("visitor", "/contact"),
    "/privacy": page("visitor", "/privacy"),
    "/api/public/info": call("visitor", "/api/public/info"),
    "/register": page("visitor", "/register"),
    "/login": page("visitor", "/login"),
    "/logout": skip("a form action that ends the session"),
    "/profile": page("user", "/profile"),
    "/profile/edit": page("user", "/profile/edit"),
    "/profile/data": page("user", "/profile/data"),
    "/profile/data/export": call("user", "/profile/data/export"),
    "/profile/delete": page("user", "/profile/delete"),
    "/profile/measurements": page("user", "/profile/measurements"),
    "/measurements/guide": page("visitor", "/measurements/guide"),
    "/api/auth/register": skip(WRITE),
    "/api/auth/login": skip(WRITE),
    "/api/auth/logout": skip(WRITE),
    "/api/user/profile": call("user", "/api/user/profile"),
    "/api/user/line/reset": skip(WRITE),
    "/api/user/measurements": call("user", "/api/user/measurements"),
    "/design": page("visitor", "/design?category=shirt"),
    "/merchant/popular_design": page("tailor", "/merchant/popular_design?category=shirt"),
    "/merchant/popular_design/:id": page("tailor", `/merchant/popular_design/${ids.tailorDesign}?category=shirt`),
    "/api/patterns/:kind": call("visitor", "/api/patterns/shirt"),
    "/api/assets/*": call("visitor", "/api/assets/patterns/shirt1.svg"),
    "/api/images/:id": skip("the data set has no stored pictures (designs are drawn by /api/designs/:id/preview.svg)"),
    "/api/designs/:id/preview.svg": call("visitor", `/api/designs/${ids.tailorDesign}/preview.svg`),
    "/api/designer/preview.svg": call("visitor", "/api/designer/preview.svg?shirt=shirt3&neck=neck2&color=color2"),
    "/api/design": skip(WRITE),
    "/api/design/merchant/popular_designs": call("tailor", "/api/design/merchant/popular_designs"),
    "/api/design/merchant/:id": skip(WRITE),
    "/cart": page("user", "/cart"),
    "/cart/add": skip("a form action (its GET sends to /cart)"),
    "/merchant/select": page("user", `/merchant/select?productId=${ids.cartItem}`),
    "/user/orders": page("user", "/user/orders"),
    "/user/product": skip("sends back to the orders (no id)"),
    "/user/product/:id": page("user", `/user/product/${ids.order}`),
    "/merchant": page("tailor", "/merchant"),
    "/merchant/order": skip("sends back to the orders (no id)"),
    "/merchant/order/:id": page("tailor", `/merchant/order/${ids.order}`),
    "/merchant/order/:id/sheet": page("tailor", `/merchant/order/${ids.order}/sheet`),
    "/api/cart": call("user", "/api/cart"),
    "/api/cart/add": skip(WRITE),
    "/api/cart/:id": skip(WRITE),
    "/api/orders/place": skip(WRITE),
    "/api/orders/select_merchant": skip(WRITE),
    "/api/orders/accept": skip(WRITE),
    "/api/orders/:id/complete": skip(WRITE),
    "/api/orders/:id/cancel": skip(WRITE),
    "/api/orders/:id/payment": call("user", `/api/orders/${ids.unpaidOrder}/payment`),
    "/api/orders/:id/payment/slip": skip("the data set has no transfer slips"),
    "/api/orders/:id/payment/qr.svg": call("user", `/api/orders/${ids.unpaidOrder}/payment/qr.svg`),
    "/api/orders/:id/delivery": skip(WRITE),
    "/api/orders/:id/review": skip(WRITE),
    "/api/orders/:id": call("user", `/api/orders/${ids.order}`),
    "/api/user/my_orders": call("user", "/api/user/my_orders"),
    "/api/merchants/orders/me": call("tailor", "/api/merchants/orders/me"),
    "/api/merchants/order/:id/details": call("tailor", `/api/merchants/order/${ids.order}/details`),
    "/merchant/pricing": page("tailor", "/merchant/pricing"),
    "/admin/manage/pricings": page("admin", `/admin/manage/pricings?merchantId=${ids.tailor}`),
    "/api/merchants/pricing": call("tailor", "/api/merchants/pricing"),
    "/merchant/statistics": page("tailor", "/merchant/statistics"),
    "/merchant/info": page("visitor", "/merchant/info"),
    "/merchant/info/:id/reviews": page("visitor", `/merchant/info/${ids.tailor}/reviews`),
    "/api/merchants/:id/reviews": call("visitor", `/api/merchants/${ids.tailor}/reviews`),
    "/api/public/merchants": call("visitor", "/api/public/merchants"),
    "/api/merchants/statistics": call("tailor", "/api/merchants/statistics"),
    "/api/charts/chart.svg": skip("its signed addresses come from the statistics pages; the browser keeps each image"),
    "/admin": page("admin", "/admin"),
    "/admin/manage/users": page("admin", "/admin/manage/users"),
    "/admin/manage/designs": page("admin", "/admin/manage/designs"),
    "/admin/manage/orders": page("admin", "/admin/manage/orders"),
    "/admin/manage/audit": page("admin", "/admin/manage/audit"),
    "/admin/manage/reviews": page("admin", "/admin/manage/reviews"),
    "/admin/manage/audit/export": call("admin", "/admin/manage/audit/export"),
    "/api/admin/dashboard/statistics": call("admin", "/api/admin/dashboard/statistics"),
    "/admin/dashboard/statistics": skip(ALIAS),
    "/api/admin/users": call("admin", "/api/admin/users"),
    "/admin/users": skip(ALIAS),
    "/api/admin/users/:id": call("admin", `/api/admin/users/${ids.someUser}`),
    "/admin/users/:id": skip(ALIAS),
    "/api/admin/designs/pending": call("admin", "/api/admin/designs/pending"),
    "/admin/designs/pending": skip(ALIAS),
    "/api/admin/designs/:id/:decision": skip(WRITE),
    "/admin/designs/:id/:decision": skip(ALIAS),
    "/api/admin/orders": call("admin", "/api/admin/orders"),
    "/admin/orders": skip(ALIAS),
    "/api/admin/orders/:id/status": skip(WRITE),
    "/admin/orders/:id/status": skip(ALIAS),
    "/api/admin/problems": call("admin", "/api/admin/problems"),
    "/admin/problems": skip(ALIAS),
    "/api/admin/problems/:id/close": skip(WRITE),
    "/admin/problems/:id/close": skip(ALIAS),
    "/line/link": skip("goes to LINE (not set up on a benchmark machine)"),
    "/line/login": skip("goes to LINE (not set up on a benchmark machine)"),
    "/line/callback": skip("LINE's answer (not set up on a benchmark machine)"),
    "/admin/line-outbox": page("admin", "/admin/line-outbox"),
    "/forgot-password": page("visitor", "/forgot-password"),
    "/reset-password/:token": skip("its address carries a mailed secret (a wrong one is a short Thai page)"),
    "/notifications": page("user", "/notifications"),
    "/notifications/:id": skip("marks one read and sends on to what it is about"),
    "/api/user/notifications": call("user", "/api/user/notifications"),
    "/api/user/notifications/read": skip(WRITE),
    "/api/design/quote": skip("a POST of the designer's choice (its GET is a Thai 405)"),
    "/cart/review": page("user", "/cart/review"),
    "/merchant/order/:id/label": page("tailor", `/merchant/order/${ids.order}/label`),
    "/user/product/:id/receipt": page("user", `/user/product/${ids.paidOrder}/receipt`),
    "/orders/:id/messages": page("user", `/orders/${ids.order}/messages`),
    "/user/product/:id/problem": page("user", `/user/product/${ids.shippedOrder}/problem`),
    "/api/orders/:id/reorder": skip(WRITE),
    "/api/orders/:id/payment/qr.png": call("user", `/api/orders/${ids.unpaidOrder}/payment/qr.png`),
    "/api/orders/:id/messages": call("user", `/api/orders/${ids.order}/messages`),
    "/api/orders/:id/messages/:messageId/image": skip("the data set has no photos in messages"),
    "/api/orders/:id/received": skip(WRITE),
    "/api/orders/:id/problem": skip(WRITE),
    "/api/orders/:id/problem/photo": skip("the data set has no problem photos"),
    "/merchant/info/:id": page("visitor", `/merchant/info/${ids.tailor}`),
    "/merchant/shop": page("tailor", "/merchant/shop"),
    "/admin/manage/shops": page("admin", "/admin/manage/shops"),
    "/api/merchants/me/shop": call("tailor", "/api/merchants/me/shop"),
    "/admin/manage/problems": page("admin", "/admin/manage/problems"),
    "/liff": skip(LINE_OFF),
    "/api/auth/line/liff": skip(WRITE),
    "/manifest.webmanifest": call("visitor", "/manifest.webmanifest"),
    "/designs/:id": page("visitor", `/designs/${ids.tailorDesign}`),
    "/share/site/:file": call("visitor", SITE_PICTURE_PATH),
    "/share/shops/:id/:file": skip(PICTURE),
    "/share/designs/:id/:file": skip(PICTURE),
    "/share/designer/:file": skip(PICTURE),
    "/sw.js": call("visitor", "/sw.js"),
    "/offline": page("visitor", "/offline"),
    "/*": skip("the not-found page"),
  };
}

interface Entry {
  path?: string;
  file: string;
  children?: Entry[];
}

/** Every pattern of the route table. */
export function routePatterns(): string[] {
  const out: string[] = [];
  const walk = (entries: readonly Entry[], prefix: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${prefix}/${entry.path}` : prefix || "/";
      out.push(joined.replace(/\/+/g, "/") || "/");
      if (entry.children) walk(entry.children, entry.path ? joined : prefix);
    }
  };
  walk(routes as unknown as Entry[], "");
  return [...new Set(out)];
}

/** What the sweep reads and what it leaves, for every route of the table; a route not planned here throws. */
export function routeTargets(ids: BenchIds): { targets: RouteTarget[]; skipped: SkippedRoute[] } {
  const planned = plans(ids);
  const targets: RouteTarget[] = [];
  const skipped: SkippedRoute[] = [];
  const unplanned: string[] = [];
  for (const pattern of routePatterns()) {
    const plan = planned[pattern];
    if (!plan) unplanned.push(pattern);
    else if ("skip" in plan) skipped.push({ pattern, reason: plan.skip });
    else targets.push({ pattern, ...plan });
  }
  if (unplanned.length)
    throw new Error(`bench/routes.ts does not say how to read: ${unplanned.join(", ")} (add each to plans())`);
  return { targets, skipped };
}
