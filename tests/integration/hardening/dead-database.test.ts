import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseConnection, openDatabase } from "~/data/connection.server";
import { setDatabase } from "~/data/db.server";
import { DATABASE_BUSY } from "~/http/responses.server";
import { loader as rootLoader } from "~/root";
import { action as apiLogout } from "~/routes/account/api.logout";
import { action as logoutAction } from "~/routes/account/logout";
import { action as registerAction } from "~/routes/account/register";
import { action as adminOrdersAction } from "~/routes/admin/orders";
import { loader as cartApi } from "~/routes/orders/api.cart";
import { action as cartAction } from "~/routes/orders/cart";
import { testDb } from "../../setup/database";
import { callRoute, isDataWithResponseInit } from "../../support/requests";
import { signedIn } from "../../support/users";

/**
 * A database that cannot answer (decision 44): the server is gone, so every query fails the way a
 * saturated one does (Prisma P1001). Pages answer the 503 page and JSON calls 503 { error }, both
 * with Retry-After and the Thai message, never the 500 page: through the session lookup every
 * guarded page makes first, and through the pages' own catches (`pageFault`).
 */

let customer: string;
let admin: string;
let dead: DatabaseConnection;

beforeAll(async () => {
  customer = (await signedIn()).cookie;
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
