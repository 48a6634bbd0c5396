import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOptionalUser, provideSession } from "~/auth/guards.server";
import { type DatabaseConnection, openDatabase } from "~/data/connection.server";
import { setDatabase } from "~/data/db.server";
import { DATABASE_BUSY } from "~/http/responses.server";
import { loader as rootLoader } from "~/root";
import { action as apiLogout } from "~/routes/account/api.logout";
import { action as logoutAction } from "~/routes/account/logout";
import { loader as profile } from "~/routes/account/profile";
import { loader as profileEdit } from "~/routes/account/profile-edit";
import { action as registerAction } from "~/routes/account/register";
import { loader as auditLog } from "~/routes/admin/audit";
import { loader as adminDashboard } from "~/routes/admin/dashboard";
import { loader as adminDesigns } from "~/routes/admin/designs";
import { loader as adminOrders, action as adminOrdersAction } from "~/routes/admin/orders";
import { loader as adminUsers } from "~/routes/admin/users";
import { loader as popularDesignEdit } from "~/routes/designer/popular-design-edit";
import { loader as popularDesigns } from "~/routes/designer/popular-designs";
import { loader as lineOutbox } from "~/routes/line/admin-outbox";
import { loader as cartApi } from "~/routes/orders/api.cart";
import { action as cartAction, loader as cartPage } from "~/routes/orders/cart";
import { loader as merchantOrder } from "~/routes/orders/merchant-order";
import { loader as merchantOrders } from "~/routes/orders/merchant-orders";
import { loader as merchantSelect } from "~/routes/orders/merchant-select";
import { loader as userOrders } from "~/routes/orders/user-orders";
import { loader as userProduct } from "~/routes/orders/user-product";
import { loader as adminPricings } from "~/routes/tailor/admin-pricings";
import { loader as pricing } from "~/routes/tailor/pricing";
import { loader as statistics } from "~/routes/tailor/statistics";
import { testDb } from "../../setup/database";
import { callRoute, isDataWithResponseInit, makeRequest } from "../../support/requests";
import { signedIn } from "../../support/users";

/**
 * A database that cannot answer (decision 44): the server is gone, so every query fails the way a
 * saturated one does (Prisma P1001). Pages answer the 503 page and JSON calls 503 { error }, both
 * with Retry-After and the Thai message, never the 500 page: through the session lookup every
 * guarded page makes first, and through the pages' own catches (`pageFault`).
 */

let customer: string;
let tailor: string;
let admin: string;
let dead: DatabaseConnection;

beforeAll(async () => {
  customer = (await signedIn()).cookie;
  tailor = (await signedIn({ roles: ["merchant"] })).cookie;
  admin = (await signedIn({ roles: ["admin"] })).cookie;
  // Nothing listens on port 1: every statement fails at once with "can't reach database server".
  dead = openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:1/none" });
  setDatabase(dead);
});

afterAll(async () => {
  setDatabase(testDb);
  await dead.close();
});

function expectBusyPage(answer: unknown) {
  expect(isDataWithResponseInit(answer)).toBe(true);
  const { data, init } = answer as { data: unknown; init: ResponseInit };
  expect(init.status).toBe(503);
  expect(new Headers(init.headers).get("Retry-After")).toBe("5");
  expect(data).toBe(DATABASE_BUSY);
}

describe("a database that cannot answer", () => {
  it("every page's session lookup answers the 503 page (the root loader)", async () => {
    expectBusyPage(await callRoute(rootLoader, "/cart", { cookie: customer }));
  });

  it("a JSON call answers 503 { error } with Retry-After", async () => {
    const answer = await callRoute(cartApi, "/api/cart", { cookie: customer });
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: DATABASE_BUSY });
  });

  it("a page action behind a guard answers the 503 page (placing the cart, the admin's status change)", async () => {
    expectBusyPage(await callRoute(cartAction, "/cart", { cookie: customer, form: { intent: "place" } }));
    expectBusyPage(
      await callRoute(adminOrdersAction, "/admin/manage/orders", {
        cookie: admin,
        form: { intent: "status", id: "1", status: "ordered" },
      }),
    );
  });

  it("a visitor's form whose own catch answers refusals (sign-up) answers the 503 page", async () => {
    const answer = await callRoute(registerAction, "/register", {
      form: {
        name: "ผู้ทดสอบ",
        email: "dead-database@example.com",
        password: "password123",
        confirmPassword: "password123",
        phone: "0812345678",
        dob: "1990-01-01",
        address: "บ้านเลขที่ 1",
      },
    });
    expectBusyPage(answer);
  });

  it("logging out, by the form and by the JSON call, answers 503 rather than a fault", async () => {
    expectBusyPage(await callRoute(logoutAction, "/logout", { cookie: customer, method: "POST" }));
    const answer = (await callRoute(apiLogout, "/api/auth/logout", { cookie: customer, method: "POST" })) as Response;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: DATABASE_BUSY });
  });
});

// biome-ignore lint/suspicious/noExplicitAny: any route's loader
type Loader = (args: any) => unknown;

/**
 * A page whose session lookup still answered (the database failed a moment later, or only the
 * page's own query timed out): its loader's own queries answer the 503 page too. The session is
 * looked up on the live database first, then the loader runs on the dead one.
 */
async function loadAfterSession(loader: Loader, path: string, cookie: string, id?: string) {
  const request = makeRequest(path, { cookie });
  const context = new RouterContextProvider();
  provideSession(context, request);
  setDatabase(testDb);
  try {
    expect(await getOptionalUser(context)).not.toBeNull();
  } finally {
    setDatabase(dead);
  }
  try {
    return await loader({ request, params: id ? { id } : {}, context });
  } catch (thrown) {
    return thrown;
  }
}

describe("every page's own queries, after the session lookup answered", () => {
  const pages: [string, Loader, string, () => string, string?][] = [
    ["the cart", cartPage, "/cart", () => customer],
    ["the tailor choice", merchantSelect, "/merchant/select?productId=1", () => customer],
    ["the customer's orders", userOrders, "/user/orders", () => customer],
    ["a customer's order", userProduct, "/user/product/1", () => customer, "1"],
    ["the profile", profile, "/profile", () => customer],
    ["the profile form", profileEdit, "/profile/edit", () => customer],
    ["the tailor's orders", merchantOrders, "/merchant", () => tailor],
    ["a tailor's order", merchantOrder, "/merchant/order/1", () => tailor, "1"],
    ["the tailor's prices", pricing, "/merchant/pricing", () => tailor],
    ["the tailor's statistics", statistics, "/merchant/statistics", () => tailor],
    ["the tailor's designs", popularDesigns, "/merchant/popular_design?category=shirt", () => tailor],
    ["a tailor's design", popularDesignEdit, "/merchant/popular_design/1?category=shirt", () => tailor, "1"],
    ["the admin dashboard", adminDashboard, "/admin", () => admin],
    ["the admin users", adminUsers, "/admin/manage/users?edit=1", () => admin],
    ["the admin designs", adminDesigns, "/admin/manage/designs", () => admin],
    ["the admin orders", adminOrders, "/admin/manage/orders?order=1", () => admin],
    ["the admin prices", adminPricings, "/admin/manage/pricings?merchantId=1", () => admin],
    ["the LINE outbox", lineOutbox, "/admin/line-outbox", () => admin],
    ["the audit log", auditLog, "/admin/manage/audit", () => admin],
  ];
  for (const [name, loader, path, cookie, id] of pages) {
    it(`${name} (${path}) answers the 503 page`, async () => {
      expectBusyPage(await loadAfterSession(loader, path, cookie(), id));
    });
  }
});

/**
 * The server answers but the database named is not there (dropped, or a wrong name in
 * DATABASE_URL): the operator's to mend; meanwhile pages answer the 503 page and JSON calls 503,
 * as for a server that is gone, never the 500 page.
 */
describe.runIf(process.env.DATABASE_URL)("a database that does not exist on the server", () => {
  let missing: DatabaseConnection;

  beforeAll(() => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = "/shop_no_such_database";
    missing = openDatabase({ kind: "postgres", url: url.toString() });
    setDatabase(missing);
  });

  afterAll(async () => {
    setDatabase(testDb);
    await missing.close();
  });

  it("a page answers the 503 page and a JSON call 503 { error }", async () => {
    expectBusyPage(await callRoute(rootLoader, "/cart", { cookie: customer }));
    const response = (await callRoute(cartApi, "/api/cart", { cookie: customer })) as Response;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: DATABASE_BUSY });
  });
});
