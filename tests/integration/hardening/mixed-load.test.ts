import { afterAll, beforeAll, expect, test } from "vitest";
import { hashPassword } from "~/domain/users/password.server";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  loginCookie,
  onPostgres,
  prepareBuild,
  startApp,
} from "../../support/http-server";

/**
 * Many people at once, for LOAD_SECONDS (10 here; the issue's check is LOAD_SECONDS=60): 40
 * customers browse, add tailors' designs to their carts and place orders while 10 tailors accept
 * and complete them, on two app processes with PostgreSQL (one with the embedded database). No
 * answer is a 5xx, and afterwards every order's history and the status counts add up.
 */

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CUSTOMERS = 40;
const TAILORS = 10;
const PASSWORD = "load-test-1";

let database: AppDatabase;
let app: AppProcess | undefined;
const customerCookies: string[] = [];
const tailorCookies: string[] = [];
const designIds: number[] = [];

beforeAll(async () => {
  const buildDir = prepareBuild();
  database = await createAppDatabase("load");
  const setup = database.open();
  const passwordHash = await hashPassword(PASSWORD);
  const stamp = Date.now();
  const people = async (count: number, role: "user" | "merchant") => {
    const rows = [];
    for (let i = 0; i < count; i++) {
      rows.push(
        await setup.prisma.user.create({
          data: {
            email: `load-${role}-${i}-${stamp}@example.com`,
            name: `ทดสอบโหลด ${role} ${i}`,
            passwordHash,
            roles: [role],
            status: "active",
            phone: "0812345678",
            address: "1 หมู่ 1 ตำบลทดสอบ",
            dob: new Date("1990-01-01"),
            shopName: role === "merchant" ? `ร้านโหลด ${i}` : null,
          },
        }),
      );
    }
    return rows;
  };
  const customers = await people(CUSTOMERS, "user");
  const tailors = await people(TAILORS, "merchant");
  for (const tailor of tailors) {
    const design = await setup.prisma.design.create({
      data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 500 },
    });
    designIds.push(design.id);
  }
  await setup.close();
  app = await startApp(buildDir, database, { WEB_CONCURRENCY: "2" });
  for (const person of customers) customerCookies.push(await loginCookie(app, person.email, PASSWORD));
  for (const person of tailors) tailorCookies.push(await loginCookie(app, person.email, PASSWORD));
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

test(`${CUSTOMERS + TAILORS} people at once for ${SECONDS} s: no 5xx, nothing lost`, async () => {
  const shop = app!;
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  const deadline = Date.now() + SECONDS * 1000;
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

  async function send(pathname: string, options: Parameters<typeof call>[2] = {}) {
    const response = await call(shop, pathname, options);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const text = await response.text();
    if (response.status >= 500) serverErrors.push(`${response.status} ${pathname}: ${text.slice(0, 200)}`);
    return { status: response.status, json: () => JSON.parse(text) };
  }

  async function customer(cookie: string) {
    while (Date.now() < deadline) {
      await send("/", { cookie });
      await send("/merchant/info", { cookie });
      await send("/api/public/merchants", { cookie });
      await send("/api/cart/add", { cookie, json: { designId: pick(designIds), quantity: 1, sizeId: "size2" } });
      await send("/api/cart", { cookie });
      if (Math.random() < 0.5) await send("/api/orders/place", { cookie, method: "PATCH" });
      await send("/api/user/my_orders", { cookie });
    }
  }

  async function tailor(cookie: string) {
    while (Date.now() < deadline) {
      const mine = await send("/api/merchants/orders/me", { cookie });
      const items: { id: number; status: string }[] = mine.status === 200 ? mine.json().items : [];
      for (const order of items.slice(0, 3)) {
        if (order.status === "ordered")
          await send("/api/orders/accept", { cookie, method: "PATCH", json: { orderId: order.id } });
        else if (order.status === "accepted")
          await send(`/api/orders/${order.id}/complete`, { cookie, method: "PATCH" });
      }
      if (items.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  await Promise.all([...customerCookies.map(customer), ...tailorCookies.map(tailor)]);
  const summary = [...statuses.entries()].sort(([a], [b]) => a - b);
  console.log(`mixed load (${onPostgres ? "PostgreSQL" : "PGlite"}, ${SECONDS} s):`, JSON.stringify(summary));

  expect(serverErrors.slice(0, 10), "answers 5xx").toEqual([]);
  expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
  expect([...statuses.keys()].filter((status) => status >= 400 && status !== 409)).toEqual([]);

  // Nothing lost on the way: each placed order has its placement event, and the kept counts match.
  await shop.stop(); // (the embedded database opens in one process at a time)
  app = undefined;
  const check = database.open();
  try {
    const [unrecorded] = await check.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Order" o WHERE o."status" <> 'cart'
        AND NOT EXISTS (SELECT 1 FROM "OrderEvent" e WHERE e."orderId" = o."id" AND e."toStatus" = 'ordered')`;
    expect(Number(unrecorded!.n)).toBe(0);
    const counted = await check.prisma.$queryRaw<{ status: string; kept: number; real: bigint }[]>`
      SELECT c."status"::text AS status, sum(c."orders")::int AS kept,
             (SELECT count(*) FROM "Order" o WHERE o."status" = c."status") AS real
      FROM "OrderStatusCount" c GROUP BY c."status"`;
    for (const row of counted) expect(row.kept, row.status).toBe(Number(row.real));
    const [duplicates] = await check.prisma.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM (SELECT 1 FROM "Order" WHERE "status" = 'cart' AND "sellerId" IS NOT NULL
        GROUP BY "buyerId", "designId", "sellerId" HAVING count(*) > 1) d`;
    expect(Number(duplicates!.n)).toBe(0);
  } finally {
    await check.close();
  }
}, 600_000);
