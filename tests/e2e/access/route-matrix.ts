/**
 * Who may open what: every route of app/routes.ts, with what each kind of visitor gets.
 * The access test walks this table; a route missing here (or here but gone from the
 * route table) fails it, so a new route cannot ship without saying who may use it.
 *
 * Outcomes: "page" (200 HTML), "login" (to /login?redirectTo=...), "home" (to /), "on" (sent
 * on elsewhere), or an HTTP status. "inactive" is a session cookie of an account an admin
 * has since suspended: it must count for nothing. Reads go out as a new customer with a placed
 * order, that order's new tailor and the admin (made by the test); writes as another new customer
 * (empty cart), the same tailor and the admin, with a broken JSON body.
 *
 * Another customer and another tailor (not this order's) are walked too. Reading a private address
 * that names the order or the tailor's design (a function of `Ids` that visitors cannot open) is
 * refused to them (403 or 404) unless the check says otherwise in `others`; everything else answers
 * them as it answers `user` and `merchant` (the writes' bodies are refused before anyone's order
 * is looked at; the integration tests send real ones to another person's order).
 */

export type Who = "visitor" | "user" | "merchant" | "admin" | "inactive";
/** "refused": 403 or 404, the answer to a person who is not one of the order's. */
export type Outcome = "page" | "login" | "home" | "on" | "refused" | number;
export type Expect = Record<Who, Outcome>;
/** A customer and a tailor who are not the order's (nor the design's or shop's owner). */
export type Other = "otherUser" | "otherMerchant";

export interface Ids {
  /** The customer's order, placed with the tailor. */
  userOrder: number;
  /** A design of the tailor's. */
  tailorDesign: number;
  /** The tailor's account (their public reviews). */
  tailor: number;
}

export interface Check {
  url: string | ((ids: Ids) => string);
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A urlencoded form body for page actions (otherwise writes send a broken JSON body). */
  form?: string;
  expect: Expect;
  /** What another customer and another tailor get, where the default (see above) is not it. */
  others?: Partial<Record<Other, Outcome>>;
}

/** An answer that keeps a visitor out: such an address is private. */
const KEEPS_OUT: readonly Outcome[] = ["login", "home", "refused", 401, 403, 404, 405];
/** An answer given before anyone's order is looked at (a role, or the method). */
const BEFORE_THE_ORDER: readonly Outcome[] = ["login", "home", 401, 405];

/** What another customer and another tailor must get from a check (the rule above). */
export function othersOf(check: Check): Record<Other, Outcome> {
  // An address open to visitors (a shop's page, a design's picture) is open to them too.
  const personal =
    typeof check.url === "function" && (check.method ?? "GET") === "GET" && KEEPS_OUT.includes(check.expect.visitor);
  const other = (own: Outcome): Outcome => (!personal || BEFORE_THE_ORDER.includes(own) ? own : "refused");
  return {
    otherUser: check.others?.otherUser ?? other(check.expect.user),
    otherMerchant: check.others?.otherMerchant ?? other(check.expect.merchant),
  };
}

const everyone = (outcome: Outcome): Expect => ({
  visitor: outcome,
  user: outcome,
  merchant: outcome,
  admin: outcome,
  inactive: outcome,
});
const signedIn = (outcome: Outcome): Expect => ({
  visitor: "login",
  user: outcome,
  merchant: outcome,
  admin: outcome,
  inactive: "login",
});
const only = (role: "user" | "merchant" | "admin", allowed: Outcome = "page"): Expect => ({
  visitor: "login",
  inactive: "login",
  user: role === "user" ? allowed : "home",
  merchant: role === "merchant" ? allowed : "home",
  admin: role === "admin" ? allowed : "home",
});
const apiOnly = (roles: ("user" | "merchant" | "admin")[], allowed: Outcome = 200): Expect => ({
  visitor: 401,
  inactive: 401,
  user: roles.includes("user") ? allowed : 403,
  merchant: roles.includes("merchant") ? allowed : 403,
  admin: roles.includes("admin") ? allowed : 403,
});
const visitorsOnly: Expect = { visitor: "page", inactive: "page", user: "on", merchant: "on", admin: "on" };

/** A write any role may send is refused for visitors (401) and passes the guard otherwise ("ok" = not 401/403). */
export const PASSES_GUARD = 0;

export const routeMatrix: Record<string, Check[]> = {
  "/": [{ url: "/", expect: everyone("page") }],
  "/contact": [{ url: "/contact", expect: everyone("page") }],
  "/privacy": [{ url: "/privacy", expect: everyone("page") }],
  "/api/public/info": [{ url: "/api/public/info", expect: everyone(200) }],
  // A bad connection (issue 51): the service worker and the page it shows offline.
  "/sw.js": [{ url: "/sw.js?v=matrix", expect: everyone(200) }],
  "/offline": [{ url: "/offline", expect: everyone("page") }],

  "/register": [{ url: "/register", expect: visitorsOnly }],
  "/login": [{ url: "/login", expect: visitorsOnly }],
  "/logout": [{ url: "/logout", expect: everyone("home") }],
  // "Forgot password" (issue 45): anyone may ask (signed in too: there is no other way to change a
  // password); a link that is none is the page's own 404.
  "/forgot-password": [{ url: "/forgot-password", expect: everyone("page") }],
  "/reset-password/:token": [{ url: "/reset-password/not-a-link", expect: everyone(404) }],
  "/profile": [{ url: "/profile", expect: signedIn("page") }],
  "/profile/edit": [{ url: "/profile/edit", expect: signedIn("page") }],
  "/profile/data": [{ url: "/profile/data", expect: signedIn("page") }],
  "/profile/data/export": [{ url: "/profile/data/export", expect: signedIn(200) }],
  "/profile/delete": [{ url: "/profile/delete", expect: signedIn("page") }],
  // A customer's own measurements (issue 22): customers only.
  "/profile/measurements": [
    { url: "/profile/measurements", expect: only("user") },
    // Deleting a profile that is not there is refused on the page itself (404, the reason above the list).
    { url: "/profile/measurements", method: "POST", form: "intent=delete&id=999999", expect: only("user", 404) },
  ],
  "/measurements/guide": [{ url: "/measurements/guide", expect: everyone("page") }],
  "/api/user/measurements": [
    { url: "/api/user/measurements", expect: apiOnly(["user"]) },
    { url: "/api/user/measurements", method: "PUT", expect: apiOnly(["user"], PASSES_GUARD) },
  ],
  // Notifications (issue 48): each person's own; one that is not theirs (or none) is 404.
  "/notifications": [{ url: "/notifications", expect: signedIn("page") }],
  "/notifications/:id": [
    {
      url: "/notifications/999999",
      expect: { visitor: "login", inactive: "login", user: 404, merchant: 404, admin: 404 },
    },
  ],
  "/api/user/notifications": [{ url: "/api/user/notifications", expect: apiOnly(["user", "merchant", "admin"]) }],
  "/api/user/notifications/read": [
    { url: "/api/user/notifications/read", expect: everyone(405) },
    {
      url: "/api/user/notifications/read",
      method: "POST",
      expect: apiOnly(["user", "merchant", "admin"], PASSES_GUARD),
    },
  ],
  "/api/auth/register": [{ url: "/api/auth/register", expect: everyone(405) }],
  "/api/auth/login": [{ url: "/api/auth/login", expect: everyone(405) }],
  "/api/auth/logout": [{ url: "/api/auth/logout", expect: everyone(405) }],
  "/api/user/profile": [
    { url: "/api/user/profile", expect: apiOnly(["user", "merchant", "admin"]) },
    { url: "/api/user/profile", method: "PUT", expect: apiOnly(["user", "merchant", "admin"], PASSES_GUARD) },
  ],
  "/api/user/line/reset": [
    { url: "/api/user/line/reset", expect: everyone(405) },
    { url: "/api/user/line/reset", method: "POST", expect: apiOnly(["user", "merchant", "admin"]) },
  ],

  "/design": [{ url: "/design?category=shirt", expect: everyone("page") }],
  "/merchant/popular_design": [{ url: "/merchant/popular_design?category=shirt", expect: only("merchant") }],
  // The editor first puts the design's parts into the address (the designer's state lives there).
  "/merchant/popular_design/:id": [
    { url: (ids) => `/merchant/popular_design/${ids.tailorDesign}?category=shirt`, expect: only("merchant", "on") },
  ],
  "/api/patterns/:kind": [{ url: "/api/patterns/shirt", expect: everyone(200) }],
  "/api/assets/*": [{ url: "/api/assets/patterns/shirt1.svg", expect: everyone(200) }],
  "/api/images/:id": [{ url: "/api/images/999999", expect: everyone(404) }],
  "/api/designs/:id/preview.svg": [
    { url: (ids) => `/api/designs/${ids.tailorDesign}/preview.svg`, expect: everyone(200) },
  ],
  "/api/designer/preview.svg": [{ url: "/api/designer/preview.svg?shirt=shirt1", expect: everyone(200) }],
  "/api/design": [{ url: "/api/design", method: "POST", expect: apiOnly(["user", "merchant"], PASSES_GUARD) }],
  // Issue 45: the price range is for everyone designing, visitors too; it saves nothing.
  "/api/design/quote": [
    { url: "/api/design/quote", method: "POST", expect: everyone(400) },
    { url: "/api/design/quote", expect: everyone(405) },
  ],
  "/api/design/merchant/popular_designs": [
    { url: "/api/design/merchant/popular_designs", expect: apiOnly(["merchant"]) },
  ],
  "/api/design/merchant/:id": [
    { url: "/api/design/merchant/999999", method: "PUT", expect: apiOnly(["merchant"], PASSES_GUARD) },
  ],

  "/cart": [{ url: "/cart", expect: only("user") }],
  "/cart/review": [
    // The customer read as has ordered everything: an empty cart sends them back to it.
    { url: "/cart/review", expect: only("user", "on") },
    // Placing without naming a line is refused; with an empty cart the page then sends them to it.
    { url: "/cart/review", method: "POST", form: "intent=place", expect: only("user", "on") },
  ],
  "/cart/add": [
    { url: "/cart/add", method: "POST", form: "designId=999999&quantity=1", expect: { ...only("user", "on") } },
    // A body that is not a form is refused before any action runs, whoever sends it.
    { url: "/cart/add", method: "POST", expect: everyone(400) },
  ],
  "/merchant/select": [{ url: (ids) => `/merchant/select?productId=${ids.userOrder}`, expect: only("user", 404) }],
  "/user/orders": [{ url: "/user/orders", expect: only("user") }],
  "/user/product": [{ url: "/user/product", expect: everyone("on") }],
  "/user/product/:id": [
    { url: (ids) => `/user/product/${ids.userOrder}`, expect: { ...only("user"), merchant: 403, admin: "page" } },
    // The buyer's slip form: only a customer (the order's own is checked by the domain, and a form
    // without a photo is refused on the page itself, with the reason beside the field).
    {
      url: (ids) => `/user/product/${ids.userOrder}`,
      method: "POST",
      form: "intent=slip",
      expect: { ...only("user", 400), merchant: 403, admin: 403 },
    },
  ],
  // "มีปัญหากับคำสั่งซื้อ" (issue 46): the order's buyer only. Its buyer reads that it is not shipped
  // yet (409); the writing customer's report is of someone else's order (403).
  "/user/product/:id/problem": [
    {
      url: (ids) => `/user/product/${ids.userOrder}/problem`,
      expect: { ...only("user", 409), merchant: 403, admin: 403 },
    },
    {
      url: (ids) => `/user/product/${ids.userOrder}/problem`,
      method: "POST",
      form: "reasonChoice=%E0%B8%AD%E0%B8%B7%E0%B9%88%E0%B8%99%20%E0%B9%86&reasonText=x",
      expect: { ...only("user", 403), merchant: 403, admin: 403 },
    },
  ],
  // The receipt (issue 49): the order's buyer and admins, once it is paid (this order is not: 409).
  "/user/product/:id/receipt": [
    {
      url: (ids) => `/user/product/${ids.userOrder}/receipt`,
      expect: { ...only("user", 409), merchant: 403, admin: 409 },
    },
  ],
  "/merchant": [{ url: "/merchant", expect: only("merchant") }],
  "/merchant/order": [{ url: "/merchant/order", expect: everyone("on") }],
  "/merchant/order/:id": [
    { url: (ids) => `/merchant/order/${ids.userOrder}`, expect: { ...only("merchant"), user: 403, admin: "page" } },
    // The tailor's payment and delivery forms: tailors only (the order is not yet accepted: the page
    // answers itself with the reason, 409).
    {
      url: (ids) => `/merchant/order/${ids.userOrder}`,
      method: "POST",
      form: "intent=payment-cash",
      expect: { ...only("merchant", 409), user: 403, admin: 403 },
      // Another tailor's form is refused before the order's state is read.
      others: { otherMerchant: 403 },
    },
  ],
  // The printable work sheet: the order's tailor (the matrix's tailor has this order) and admins.
  "/merchant/order/:id/sheet": [
    {
      url: (ids) => `/merchant/order/${ids.userOrder}/sheet`,
      expect: { ...only("merchant"), user: 403, admin: "page" },
    },
  ],
  // The parcel label (issue 49): the order's tailor and admins, once the tailor has taken it (409 before).
  "/merchant/order/:id/label": [
    {
      url: (ids) => `/merchant/order/${ids.userOrder}/label`,
      expect: { ...only("merchant", 409), user: 403, admin: 409 },
    },
  ],
  "/api/cart": [{ url: "/api/cart", expect: apiOnly(["user"]) }],
  "/api/cart/add": [{ url: "/api/cart/add", method: "POST", expect: apiOnly(["user"], PASSES_GUARD) }],
  "/api/cart/:id": [
    { url: "/api/cart/999999", method: "DELETE", expect: apiOnly(["user"], PASSES_GUARD) },
    // A quantity, or another measurement profile for an item cut to measure: customers only.
    { url: "/api/cart/999999", method: "PATCH", expect: apiOnly(["user"], PASSES_GUARD) },
  ],
  "/api/orders/place": [{ url: "/api/orders/place", method: "PATCH", expect: apiOnly(["user"], PASSES_GUARD) }],
  "/api/orders/select_merchant": [
    { url: "/api/orders/select_merchant", method: "POST", expect: apiOnly(["user"], PASSES_GUARD) },
  ],
  "/api/orders/accept": [{ url: "/api/orders/accept", method: "PATCH", expect: apiOnly(["merchant"], PASSES_GUARD) }],
  "/api/orders/:id/complete": [
    { url: "/api/orders/999999/complete", method: "PATCH", expect: apiOnly(["merchant"], PASSES_GUARD) },
  ],
  // The order's tailor, or its buyer before the tailor accepts (issue 46).
  "/api/orders/:id/cancel": [
    { url: "/api/orders/999999/cancel", method: "PATCH", expect: apiOnly(["user", "merchant"], PASSES_GUARD) },
  ],
  // "สั่งอีกครั้ง": the order's buyer only (issue 46).
  "/api/orders/:id/reorder": [
    { url: "/api/orders/999999/reorder", method: "POST", expect: apiOnly(["user"], PASSES_GUARD) },
  ],
  // Tailors read their orders through /api/merchants/order/{id}/details.
  "/api/orders/:id": [{ url: (ids) => `/api/orders/${ids.userOrder}`, expect: apiOnly(["user", "admin"]) }],
  // The order's buyer, its tailor and admins may read its payment; the order is not yet accepted,
  // so it has none yet (409) and no slip (404). Writes: the slip is the buyer's, the rest the tailor's.
  "/api/orders/:id/payment": [
    { url: (ids) => `/api/orders/${ids.userOrder}/payment`, expect: apiOnly(["user", "merchant", "admin"], 409) },
    {
      url: (ids) => `/api/orders/${ids.userOrder}/payment`,
      method: "PATCH",
      expect: apiOnly(["merchant"], PASSES_GUARD),
    },
  ],
  "/api/orders/:id/payment/slip": [
    { url: (ids) => `/api/orders/${ids.userOrder}/payment/slip`, expect: apiOnly(["user", "merchant", "admin"], 404) },
    {
      url: (ids) => `/api/orders/${ids.userOrder}/payment/slip`,
      method: "POST",
      expect: apiOnly(["user"], PASSES_GUARD),
    },
  ],
  "/api/orders/:id/payment/qr.svg": [
    {
      url: (ids) => `/api/orders/${ids.userOrder}/payment/qr.svg`,
      expect: apiOnly(["user", "merchant", "admin"], 409),
    },
  ],
  "/api/orders/:id/payment/qr.png": [
    {
      url: (ids) => `/api/orders/${ids.userOrder}/payment/qr.png`,
      expect: apiOnly(["user", "merchant", "admin"], 409),
    },
  ],
  // Reviews are of completed orders: this one is only placed, so the buyer's write is refused (409).
  "/api/orders/:id/review": [
    { url: (ids) => `/api/orders/${ids.userOrder}/review`, method: "POST", expect: apiOnly(["user"], PASSES_GUARD) },
    { url: (ids) => `/api/orders/${ids.userOrder}/review`, expect: everyone(405) },
  ],
  // An order's conversation (issue 48): its buyer, its tailor and admins read it; the writing
  // customer is not this order's buyer (403), the tailor and an admin write (back to their order page).
  "/orders/:id/messages": [
    { url: (ids) => `/orders/${ids.userOrder}/messages`, expect: { ...signedIn("page") } },
    {
      url: (ids) => `/orders/${ids.userOrder}/messages`,
      method: "POST",
      form: "text=%E0%B8%AA%E0%B8%A7%E0%B8%B1%E0%B8%AA%E0%B8%94%E0%B8%B5",
      expect: { visitor: "login", inactive: "login", user: 403, merchant: "on", admin: "on" },
      others: { otherUser: 403, otherMerchant: 403 },
    },
  ],
  "/api/orders/:id/messages": [
    { url: (ids) => `/api/orders/${ids.userOrder}/messages`, expect: apiOnly(["user", "merchant", "admin"]) },
    {
      url: (ids) => `/api/orders/${ids.userOrder}/messages`,
      method: "POST",
      expect: apiOnly(["user", "merchant", "admin"], PASSES_GUARD),
    },
  ],
  "/api/orders/:id/messages/:messageId/image": [
    {
      url: (ids) => `/api/orders/${ids.userOrder}/messages/999999/image`,
      expect: apiOnly(["user", "merchant", "admin"], 404),
    },
  ],
  "/merchant/info/:id/reviews": [{ url: (ids) => `/merchant/info/${ids.tailor}/reviews`, expect: everyone("page") }],
  "/api/merchants/:id/reviews": [{ url: (ids) => `/api/merchants/${ids.tailor}/reviews`, expect: everyone(200) }],
  "/api/orders/:id/delivery": [
    {
      url: (ids) => `/api/orders/${ids.userOrder}/delivery`,
      method: "PUT",
      expect: apiOnly(["merchant"], PASSES_GUARD),
    },
  ],
  // "ได้รับสินค้าแล้ว" (issue 46): the order's buyer only; the photo of a reported problem: its buyer,
  // its tailor and admins (this order has none: 404).
  "/api/orders/:id/received": [
    // The writing customer is not this order's buyer: refused (403) whatever the body.
    { url: (ids) => `/api/orders/${ids.userOrder}/received`, method: "PATCH", expect: apiOnly(["user"], 403) },
  ],
  // Reporting one as JSON: the order's buyer only (the writing customer is not this order's buyer:
  // refused (403) before the body is read).
  "/api/orders/:id/problem": [
    { url: (ids) => `/api/orders/${ids.userOrder}/problem`, method: "POST", expect: apiOnly(["user"], 403) },
  ],
  "/api/orders/:id/problem/photo": [
    { url: (ids) => `/api/orders/${ids.userOrder}/problem/photo`, expect: apiOnly(["user", "merchant", "admin"], 404) },
  ],
  "/api/user/my_orders": [{ url: "/api/user/my_orders", expect: apiOnly(["user"]) }],
  "/api/merchants/orders/me": [{ url: "/api/merchants/orders/me", expect: apiOnly(["merchant"]) }],
  "/api/merchants/order/:id/details": [
    { url: (ids) => `/api/merchants/order/${ids.userOrder}/details`, expect: apiOnly(["merchant"]) },
  ],

  // An admin may open the pricing screen: the admin's own version lets them choose the tailor.
  "/merchant/pricing": [{ url: "/merchant/pricing", expect: { ...only("merchant"), admin: "on" } }],
  "/admin/manage/pricings": [{ url: "/admin/manage/pricings", expect: only("admin") }],
  "/api/merchants/pricing": [
    { url: "/api/merchants/pricing", expect: { ...apiOnly(["merchant", "admin"]), admin: 400 } },
    { url: "/api/merchants/pricing", method: "PATCH", expect: apiOnly(["merchant", "admin"], PASSES_GUARD) },
  ],
  "/merchant/statistics": [{ url: "/merchant/statistics", expect: only("merchant") }],
  "/merchant/info": [{ url: "/merchant/info", expect: everyone("page") }],
  "/api/public/merchants": [{ url: "/api/public/merchants", expect: everyone(200) }],
  // A shop of one's own (issue 46): its public page, the tailor's settings, the admin's form for a tailor, the JSON call.
  "/merchant/info/:id": [{ url: (ids) => `/merchant/info/${ids.tailor}`, expect: everyone("page") }],
  "/merchant/shop": [{ url: "/merchant/shop", expect: only("merchant") }],
  "/admin/manage/shops": [{ url: "/admin/manage/shops", expect: only("admin") }],
  "/api/merchants/me/shop": [
    { url: "/api/merchants/me/shop", expect: apiOnly(["merchant"]) },
    { url: "/api/merchants/me/shop", method: "PUT", expect: apiOnly(["merchant"], PASSES_GUARD) },
  ],
  "/api/merchants/statistics": [{ url: "/api/merchants/statistics?period=month", expect: apiOnly(["merchant"]) }],
  // Its addresses come signed in the statistics pages (the integration tests draw them); an
  // address the shop did not sign draws nothing, for anyone.
  "/api/charts/chart.svg": [
    { url: "/api/charts/chart.svg?d=AAAA&s=AAAAAAAAAAAAAAAAAAAAAA&w=wide", expect: everyone(404) },
  ],

  "/admin": [{ url: "/admin", expect: only("admin") }],
  "/admin/manage/users": [{ url: "/admin/manage/users", expect: only("admin") }],
  "/admin/manage/designs": [{ url: "/admin/manage/designs", expect: only("admin") }],
  "/admin/manage/orders": [{ url: "/admin/manage/orders", expect: only("admin") }],
  "/admin/manage/audit": [{ url: "/admin/manage/audit", expect: only("admin") }],
  "/admin/manage/reviews": [
    { url: "/admin/manage/reviews", expect: only("admin") },
    {
      url: "/admin/manage/reviews",
      method: "POST",
      form: "intent=hide&id=999999&reason=x",
      // A review that is not there: the page answers itself with the reason (404).
      expect: only("admin", 404),
    },
  ],
  // Open problems (issue 46): admins only; closing one that is not there is refused on the page (404).
  "/admin/manage/problems": [
    { url: "/admin/manage/problems", expect: only("admin") },
    {
      url: "/admin/manage/problems",
      method: "POST",
      form: "intent=close&id=999999&decision=no_action",
      expect: only("admin", 404),
    },
  ],
  "/admin/manage/audit/export": [{ url: "/admin/manage/audit/export", expect: only("admin", 200) }],
  "/admin/line-outbox": [{ url: "/admin/line-outbox", expect: only("admin") }],

  "/line/link": [{ url: "/line/link", expect: signedIn("on") }],
  "/line/callback": [{ url: "/line/callback", expect: signedIn("on") }],
  // Logging in with LINE: without LINE settings a visitor is sent back to /login with a notice.
  "/line/login": [
    { url: "/line/login", expect: { visitor: 302, inactive: 302, user: "on", merchant: "on", admin: "on" } },
  ],
  // Inside LINE (issue 50): without LIFF_ID (as in this run) the LIFF page and its sign-in are not there.
  "/liff": [{ url: "/liff", expect: everyone(404) }],
  "/api/auth/line/liff": [
    { url: "/api/auth/line/liff", expect: everyone(405) },
    { url: "/api/auth/line/liff", method: "POST", expect: everyone(404) },
  ],

  // Sharing (issue 50), open to everyone: the manifest, a design's own page, and the preview
  // pictures, whose addresses name what they show (an outdated one is sent on to today's).
  "/manifest.webmanifest": [{ url: "/manifest.webmanifest", expect: everyone(200) }],
  "/designs/:id": [{ url: (ids) => `/designs/${ids.tailorDesign}`, expect: everyone("page") }],
  "/share/site/:file": [{ url: "/share/site/0000000000000000.jpg", expect: everyone("on") }],
  "/share/shops/:id/:file": [
    { url: (ids) => `/share/shops/${ids.tailor}/0000000000000000.jpg`, expect: everyone("on") },
  ],
  "/share/designs/:id/:file": [
    { url: (ids) => `/share/designs/${ids.tailorDesign}/0000000000000000.jpg`, expect: everyone("on") },
  ],
  "/share/designer/:file": [{ url: "/share/designer/0000000000000000.jpg?shirt=shirt1", expect: everyone("on") }],

  "/*": [{ url: "/no-such-page", expect: everyone(404) }],
};

/** The admin calls answer under both /api/admin/... and /admin/...: the same rows for each. */
for (const prefix of ["/api/admin", "/admin"]) {
  Object.assign(routeMatrix, {
    [`${prefix}/dashboard/statistics`]: [
      { url: `${prefix}/dashboard/statistics?period=week`, expect: apiOnly(["admin"]) },
    ],
    [`${prefix}/users`]: [
      { url: `${prefix}/users`, expect: apiOnly(["admin"]) },
      { url: `${prefix}/users`, method: "POST", expect: apiOnly(["admin"], PASSES_GUARD) },
    ],
    [`${prefix}/users/:id`]: [
      { url: `${prefix}/users/1`, expect: apiOnly(["admin"]) },
      { url: `${prefix}/users/999999`, method: "PUT", expect: apiOnly(["admin"], PASSES_GUARD) },
      { url: `${prefix}/users/999999`, method: "DELETE", expect: apiOnly(["admin"], PASSES_GUARD) },
    ],
    [`${prefix}/designs/pending`]: [{ url: `${prefix}/designs/pending`, expect: apiOnly(["admin"]) }],
    [`${prefix}/designs/:id/:decision`]: [
      { url: `${prefix}/designs/999999/approve`, method: "PATCH", expect: apiOnly(["admin"], PASSES_GUARD) },
    ],
    [`${prefix}/orders`]: [{ url: `${prefix}/orders`, expect: apiOnly(["admin"]) }],
    [`${prefix}/orders/:id/status`]: [
      { url: `${prefix}/orders/999999/status`, method: "PATCH", expect: apiOnly(["admin"], PASSES_GUARD) },
    ],
    // Open problems (issue 46); closing one that is not there passes the guard and is 404.
    [`${prefix}/problems`]: [{ url: `${prefix}/problems`, expect: apiOnly(["admin"]) }],
    [`${prefix}/problems/:id/close`]: [
      { url: `${prefix}/problems/999999/close`, method: "POST", expect: apiOnly(["admin"], PASSES_GUARD) },
    ],
  });
}
