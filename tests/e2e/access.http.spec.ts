import type { APIRequestContext } from "@playwright/test";
import routeTable from "../../app/routes";
import {
  type Ids,
  type Other,
  type Outcome,
  othersOf,
  PASSES_GUARD,
  routeMatrix,
  type Who,
} from "./access/route-matrix";
import { expect, newCustomer, newTailor, orderAwaiting, popularDesign, test } from "./support/fixtures";

interface RouteEntry {
  path?: string;
  index?: boolean;
  file?: string;
  children?: RouteEntry[];
}

/** Every URL pattern of the route table, as "/a/:b", with its module. */
function routePaths(entries: RouteEntry[], base = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? base : [base, entry.path].filter(Boolean).join("/");
    return [{ path: `/${path.replace(/^\//, "")}`, file: entry.file ?? "" }, ...routePaths(entry.children ?? [], path)];
  });
}

test("every route of the route table says who may use it", () => {
  const routes = routePaths(routeTable as RouteEntry[]);
  const table = [...new Set(routes.map((route) => route.path))].sort();
  const matrix = Object.keys(routeMatrix).sort();
  // Each missing route by its pattern and module, so whoever declared it knows the row to add.
  const missing = routes
    .filter((route) => !matrix.includes(route.path))
    .map((route) => `${route.path} (app/${route.file})`);
  expect(
    [...new Set(missing)],
    `routes missing from tests/e2e/access/route-matrix.ts (add a row saying what a visitor, the order's customer and tailor, another customer and tailor, an admin and a suspended account get):\n  ${missing.join("\n  ")}\n`,
  ).toEqual([]);
  expect(
    matrix.filter((path) => !table.includes(path)),
    "matrix rows for routes that no longer exist",
  ).toEqual([]);
});

async function cookieFor(request: APIRequestContext, email: string, password = "demo1234"): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), `login ${email}`).toBe(200);
  const header = response
    .headersArray()
    .find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("shop_session="));
  return header!.value.split(";")[0]!;
}

function describeOutcome(status: number, location: string | null): string {
  return location ? `${status} → ${location}` : String(status);
}

function matches(outcome: Outcome, status: number, location: string | null, contentType: string): boolean {
  if (outcome === "page") return status === 200 && contentType.includes("text/html");
  if (outcome === "login") return [302, 303].includes(status) && (location ?? "").startsWith("/login?redirectTo=");
  if (outcome === "home") return [302, 303].includes(status) && location === "/";
  if (outcome === "on") return [302, 303].includes(status) && !!location && !location.startsWith("/login");
  if (outcome === "refused") return status === 403 || status === 404;
  if (outcome === PASSES_GUARD) return status !== 401 && status !== 403 && status < 500;
  return status === outcome;
}

test("each page, action and JSON call answers each kind of visitor as the table says", async ({
  playwright,
  baseURL,
  shop,
}) => {
  test.setTimeout(180_000);
  // The readers' own data: a new customer's order placed with a new tailor, and a design of that tailor's.
  const tailor = await newTailor(shop);
  const { id: userOrder, customer } = await orderAwaiting(shop, tailor);
  const ids: Ids = { userOrder, tailorDesign: await popularDesign(tailor), tailor: tailor.id };

  // No cookie jar anywhere: every call says who it is with its own Cookie header.
  const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const withoutJar = async <T>(run: (context: APIRequestContext) => Promise<T>) => {
    const context = await playwright.request.newContext({ baseURL });
    try {
      return await run(context);
    } finally {
      await context.dispose();
    }
  };
  const cookies: Record<Who, string | null> = {
    visitor: null,
    user: await withoutJar((context) => cookieFor(context, customer.email, customer.password)),
    merchant: await withoutJar((context) => cookieFor(context, tailor.email, tailor.password)),
    admin: await withoutJar((context) => cookieFor(context, "admin@example.com")),
    inactive: null,
  };
  const admin = { Cookie: cookies.admin! };
  // A customer and a tailor with nothing to do with the order, the design or the shop read.
  const otherCustomer = await newCustomer(shop);
  const otherTailor = await newTailor(shop);
  const others: Record<Other, string> = {
    otherUser: await withoutJar((context) => cookieFor(context, otherCustomer.email, otherCustomer.password)),
    otherMerchant: await withoutJar((context) => cookieFor(context, otherTailor.email, otherTailor.password)),
  };

  // An account that signs in, then is suspended by an admin: its cookie must count for nothing.
  const email = `matrix-${shop.unique()}@example.com`;
  const registered = await withoutJar((context) =>
    context
      .post("/api/auth/register", {
        data: {
          email,
          password: "matrix-pass1",
          confirmPassword: "matrix-pass1",
          name: "ทดสอบ ตารางสิทธิ์",
          phone: "0800000009",
          dob: "1990-01-01",
        },
      })
      .then(async (response) => ({ status: response.status(), body: (await response.json()) as { id: number } })),
  );
  expect(registered.status).toBe(201);
  cookies.inactive = await withoutJar((context) => cookieFor(context, email, "matrix-pass1"));
  const inactiveId = registered.body.id;
  // Writes go out as a second, fresh customer with an empty cart, so the table changes nothing that matters.
  const freshEmail = `matrix-fresh-${shop.unique()}@example.com`;
  expect(
    await withoutJar(async (context) =>
      (
        await context.post("/api/auth/register", {
          data: {
            email: freshEmail,
            password: "matrix-pass1",
            confirmPassword: "matrix-pass1",
            name: "ทดสอบ ลูกค้าใหม่",
            phone: "0800000010",
            dob: "1990-01-01",
          },
        })
      ).status(),
    ),
  ).toBe(201);
  const freshUser = await withoutJar((context) => cookieFor(context, freshEmail, "matrix-pass1"));
  const suspended = await request.put(`/api/admin/users/${inactiveId}`, {
    headers: admin,
    data: {
      name: "ทดสอบ ตารางสิทธิ์",
      email,
      password: "",
      phone: "0800000009",
      address: "",
      roles: ["user"],
      status: "inactive",
    },
  });
  expect(suspended.status()).toBe(200);

  const bare = request;
  const failures: string[] = [];
  for (const [pattern, checks] of Object.entries(routeMatrix)) {
    for (const check of checks) {
      const url = typeof check.url === "function" ? check.url(ids) : check.url;
      const method = check.method ?? "GET";
      const expected = [
        ...(Object.entries(check.expect) as [Who, Outcome][]),
        ...(Object.entries(othersOf(check)) as [Other, Outcome][]),
      ];
      for (const [who, outcome] of expected) {
        const headers: Record<string, string> = { Origin: new URL(baseURL!).origin };
        const cookie =
          who === "otherUser" || who === "otherMerchant"
            ? others[who]
            : method !== "GET" && who === "user"
              ? freshUser
              : cookies[who];
        if (cookie) headers.Cookie = cookie;
        // Writes carry a broken JSON body: the guard must answer first; past it, the body is refused.
        if (method !== "GET")
          headers["Content-Type"] = check.form ? "application/x-www-form-urlencoded" : "application/json";
        const response = await bare.fetch(url, {
          method,
          headers,
          maxRedirects: 0,
          ...(method === "GET" ? {} : { data: check.form ?? "{" }),
        });
        const location = response.headers().location ?? null;
        const localLocation = location ? location.replace(new URL(baseURL!).origin, "") : null;
        if (!matches(outcome, response.status(), localLocation, response.headers()["content-type"] ?? "")) {
          failures.push(
            `${method} ${url} [${pattern}] as ${who}: expected ${outcome === PASSES_GUARD ? "past the guard" : outcome}, got ${describeOutcome(response.status(), localLocation)}`,
          );
        }
      }
    }
  }
  await bare.dispose();
  expect(failures).toEqual([]);
});
