import { randomBytes } from "node:crypto";
import { type APIRequestContext, type APIResponse, test as base, expect } from "@playwright/test";
import sharp from "sharp";
import { DEMO, DEMO_PASSWORD } from "./auth";

/*
 * What an end-to-end test needs beyond the demo accounts and the catalogue, made by the test
 * itself through the shop's own HTTP surface (the JSON calls and forms of spec section 7), never
 * through the database (on the embedded database the server process owns it). Names and e-mails
 * carry the project and a random part, so the two projects, retries and reruns never meet.
 *
 *   test("...", async ({ page, shop }) => {
 *     const tailor = await newTailor(shop);
 *     const order = await orderAwaiting(shop, tailor);
 *     await signIn(page, tailor);
 */

export { expect };

/** Someone the test created, with an API client of their own that is signed in as them. */
export interface Account {
  id: number;
  email: string;
  password: string;
  name: string;
  /** Calls as this person: their session cookie and the Origin header the shop's CSRF check wants ride along. */
  api: APIRequestContext;
}

/** The test's way into the shop: API clients (each with a cookie jar of its own) and unique names. */
export interface Shop {
  /** A part for names and e-mails that no other test, project or run shares, e.g. "js-3f9a2c1d". */
  unique(): string;
  /** A new API client nobody is signed in on (a visitor). */
  client(): Promise<APIRequestContext>;
  /** A new API client signed in as this account. */
  session(email: string, password?: string): Promise<APIRequestContext>;
  /** The demo admin's session, opened once per test. */
  admin(): Promise<APIRequestContext>;
}

/** Playwright's test with a `shop` fixture; the API clients it opened are closed after each test. */
export const test = base.extend<{ shop: Shop }>({
  shop: async ({ playwright, baseURL }, use, testInfo) => {
    const origin = new URL(baseURL!).origin;
    const clients: APIRequestContext[] = [];
    let admin: Promise<APIRequestContext> | undefined;
    const shop: Shop = {
      unique: () => `${testInfo.project.name}-${randomBytes(4).toString("hex")}`,
      async client() {
        const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: origin } });
        clients.push(client);
        return client;
      },
      async session(email, password = DEMO_PASSWORD) {
        const client = await shop.client();
        await succeeds(client.post("/api/auth/login", { data: { email, password } }), `log in as ${email}`);
        return client;
      },
      admin: () => (admin ??= shop.session(DEMO.admin)),
    };
    await use(shop);
    await Promise.all(clients.map((client) => client.dispose()));
  },
});

/** The answer, when it is a success (2xx); otherwise the test stops, saying what was refused and why. */
async function succeeds(pending: Promise<APIResponse>, what: string): Promise<APIResponse> {
  const response = await pending;
  if (!response.ok()) throw new Error(`${what}: HTTP ${response.status()} ${await response.text()}`);
  return response;
}

/** Ten digits, as the shop wants a phone number. */
function phoneNumber(): string {
  return `08${String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, "0")}`;
}

// People

/**
 * A customer who registered (POST /api/auth/register) and is signed in on `customer.api`: an
 * empty cart, no orders, and a delivery address (placing an order needs one).
 */
export async function newCustomer(shop: Shop, options: { name?: string } = {}): Promise<Account> {
  const tag = shop.unique();
  const email = `customer-${tag}@example.com`;
  const password = "customer-pass-1";
  const name = options.name ?? `ลูกค้า ทดสอบ ${tag}`;
  const api = await shop.client();
  const registered = await succeeds(
    api.post("/api/auth/register", {
      data: {
        email,
        password,
        confirmPassword: password,
        name,
        phone: phoneNumber(),
        dob: "1990-04-13",
        address: `99 หมู่ 9 ตำบลทดสอบ (${tag})`,
      },
    }),
    "register a customer",
  );
  const { id } = (await registered.json()) as { id: number };
  await succeeds(api.post("/api/auth/login", { data: { email, password } }), `log in as ${email}`);
  return { id, email, password, name, api };
}

/**
 * A tailor the admin added (POST /admin/users, role merchant), signed in on `tailor.api`, who
 * has priced every part through the pricing form at the standard prices (`standardPrice`), and
 * named the shop after themselves (PUT /api/merchants/me/shop), so it can take orders and is
 * listed (issue 46); `{ shopName: null }` leaves the shop unnamed (not listed yet). No designs, no orders.
 */
export async function newTailor(shop: Shop, options: { shopName?: string | null } = {}): Promise<Account> {
  const tag = shop.unique();
  const email = `tailor-${tag}@example.com`;
  const password = "tailor-pass-1";
  const name = `ช่างทดสอบ ${tag}`;
  const admin = await shop.admin();
  const created = await succeeds(
    admin.post("/admin/users", {
      data: {
        name,
        email,
        password,
        phone: phoneNumber(),
        address: "หมู่ 4 บ้านนาดี",
        roles: ["merchant"],
        status: "active",
      },
    }),
    "add a tailor",
  );
  const { user } = (await created.json()) as { user: { id: number } };
  const tailor: Account = { id: user.id, email, password, name, api: await shop.session(email, password) };
  await setPrices(tailor, Object.fromEntries((await pricedParts(tailor.api)).map((sid) => [sid, standardPrice(sid)])));
  const shopName = options.shopName === undefined ? name : options.shopName;
  if (shopName !== null)
    await succeeds(
      tailor.api.put("/api/merchants/me/shop", { data: { shopName, description: "", showAddress: false } }),
      "name the shop",
    );
  return tailor;
}

// Prices

/** Base price of each priced category (the demo's first tailor's, like tailor1@example.com). */
const BASE_PRICE: Record<string, number> = {
  shirt: 450,
  neck: 60,
  placket: 50,
  seam: 40,
  bag: 45,
  side: 35,
  arm: 40,
  hem: 80,
};

/**
 * A new tailor's price of a part: the category's base, a little more for the finer patterns
 * (shirt1 450, shirt2 490; neck1 60, neck2 70; hem1 80, hem2 90 ...).
 */
export function standardPrice(sid: string): number {
  const category = sid.replace(/\d+$/, "");
  const variant = Number(sid.replace(/^\D+/, "")) || 1;
  return BASE_PRICE[category]! + (variant - 1) * (category === "shirt" ? 40 : 10);
}

let pricedSids: Promise<string[]> | undefined;

/** Every part a tailor prices, from the catalogue's JSON call (GET /api/patterns/{kind}); read once per worker. */
function pricedParts(api: APIRequestContext): Promise<string[]> {
  pricedSids ??= Promise.all(
    Object.keys(BASE_PRICE).map(async (kind) => {
      const rows = (await (await succeeds(api.get(`/api/patterns/${kind}`), `the ${kind} patterns`)).json()) as {
        sid: string;
      }[];
      return rows.map((row) => row.sid);
    }),
  ).then((lists) => lists.flat());
  return pricedSids;
}

/** The tailor saves these prices (sid → baht) through the pricing form, as the page posts it. */
export async function setPrices(tailor: Account, prices: Record<string, number>): Promise<void> {
  const form = Object.fromEntries(Object.entries(prices).map(([sid, price]) => [sid, price.toFixed(2)]));
  const response = await tailor.api.post("/merchant/pricing", { form, maxRedirects: 0 });
  // Saved: back to the page with the notice. A refusal renders the page again (400).
  expect(response.status(), `save prices: ${response.status() === 400 ? await response.text() : ""}`).toBe(302);
  expect(response.headers().location).toMatch(/\/merchant\/pricing$/);
}

// Designs, carts and orders

/** A customer's shirt, in size M: at the standard prices 450 + 60 + 90 = 600 baht a shirt. */
export const SHIRT = { baseId: "shirt1", collarId: "neck1", hemId: "hem2", sizeId: "size2" } as const;

/** The customer designs a shirt into the cart (POST /api/design, the designer's call): it waits for a tailor. */
export async function cartDesign(
  customer: Account,
  parts: Record<string, string> = SHIRT,
  quantity = 1,
): Promise<{ cartItemId: number; designId: number }> {
  const added = await succeeds(
    customer.api.post("/api/design", { data: { ...parts, quantity } }),
    "add a design to the cart",
  );
  return (await added.json()) as { cartItemId: number; designId: number };
}

/** The customer puts a tailor's published design into the cart (POST /api/cart/add) in size M: it comes with its tailor. */
export async function shopDesignInCart(customer: Account, designId: number): Promise<number> {
  const added = await succeeds(
    customer.api.post("/api/cart/add", { data: { designId, quantity: 1, sizeId: "size2" } }),
    "add a shop design to the cart",
  );
  return ((await added.json()) as { id: number }).id;
}

/** The customer chooses this tailor for a cart item (POST /api/orders/select_merchant). */
export async function chooseTailor(customer: Account, cartItemId: number, tailor: Account): Promise<void> {
  await succeeds(
    customer.api.post("/api/orders/select_merchant", { data: { productId: cartItemId, merchantId: tailor.id } }),
    "choose a tailor",
  );
}

/** The customer orders the whole cart (PATCH /api/orders/place); every item needs a tailor. */
export async function placeOrder(customer: Account): Promise<number[]> {
  const placed = await succeeds(customer.api.patch("/api/orders/place"), "place the order");
  return ((await placed.json()) as { orderIds: number[] }).orderIds;
}

export interface Order {
  id: number;
  customer: Account;
  /** What the order costs (baht), as the shop computed it. */
  totalPrice: number;
}

/**
 * A shirt (`SHIRT`) ordered from this tailor, waiting for the tailor to accept it (status
 * ordered). The customer is a new one unless given; a given customer's cart must hold nothing
 * else, since ordering takes the whole cart.
 */
export async function orderAwaiting(shop: Shop, tailor: Account, customer?: Account): Promise<Order> {
  const buyer = customer ?? (await newCustomer(shop));
  const { cartItemId } = await cartDesign(buyer);
  await chooseTailor(buyer, cartItemId, tailor);
  expect(await placeOrder(buyer)).toEqual([cartItemId]);
  const order = (await (await succeeds(buyer.api.get(`/api/orders/${cartItemId}`), "read the order")).json()) as {
    totalPrice: number;
  };
  return { id: cartItemId, customer: buyer, totalPrice: order.totalPrice };
}

/** The tailor takes PromptPay: the account saved through the pricing page's own form. */
export async function setPromptPay(tailor: Account, promptpayId = "081-234-5678"): Promise<void> {
  const saved = await tailor.api.post("/merchant/pricing", {
    form: { intent: "promptpay", promptpayId, promptpayName: `บัญชี ${tailor.name}` },
    maxRedirects: 0,
  });
  expect(saved.status(), "save the PromptPay account").toBe(302);
}

/** An order of this tailor's in the given status, moved there by the tailor's own calls. */
export async function orderIn(
  shop: Shop,
  tailor: Account,
  status: "ordered" | "accepted" | "completed",
  customer?: Account,
): Promise<Order> {
  const order = await orderAwaiting(shop, tailor, customer);
  if (status === "ordered") return order;
  await succeeds(tailor.api.patch("/api/orders/accept", { data: { orderId: order.id } }), "accept the order");
  if (status === "completed")
    await succeeds(tailor.api.patch(`/api/orders/${order.id}/complete`), "complete the order");
  return order;
}

/** A square PNG (the designer's canvas picture, or a sample photo). */
function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The tailor saves a design from the designer (POST /api/design, merchant payload): published at once (approved). */
export async function popularDesign(tailor: Account, price = 990): Promise<number> {
  const image = `data:image/png;base64,${(await picture("#2f4a7a")).toString("base64")}`;
  const saved = await succeeds(
    tailor.api.post("/api/design", {
      data: {
        baseId: "shirt4",
        collarId: "neck4",
        placketId: "placket4",
        hemId: "hem2",
        colorId: "color2",
        price,
        image,
        type: "design",
        status: "approved",
      },
    }),
    "save a popular design",
  );
  return ((await saved.json()) as { id: number }).id;
}

/**
 * A design waiting for the admin's approval: the tailor saves one and uploads a sample photo
 * for it (PUT /api/design/merchant/{id}, type upload), which makes it pending.
 */
export async function pendingDesign(tailor: Account, price = 1190): Promise<number> {
  const id = await popularDesign(tailor, price);
  const photo = `data:image/png;base64,${(await picture("#8a3b2e")).toString("base64")}`;
  await succeeds(
    tailor.api.put(`/api/design/merchant/${id}`, { data: { type: "upload", image: photo, price, status: "pending" } }),
    "upload a sample photo",
  );
  return id;
}
