import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { NOT_A_FORM, refuseNonFormWrite } from "~/http/form-body";
import { action as registerApi } from "~/routes/account/api.register";
import { callRoute, statusOf } from "../support/requests";

const registration = {
  email: "nul@example.com",
  password: "12345678",
  confirmPassword: "12345678",
  phone: "0812345678",
  dob: "1990-01-01",
};

describe("input the database could not store", () => {
  it("a NUL character in a JSON call is bad input (400), not a fault, and saves nothing", async () => {
    const refused = await callRoute(registerApi, "/api/auth/register", {
      json: { ...registration, name: "ชื่อ\u0000ซ่อน" },
    });
    expect(statusOf(refused)).toBe(400);
    expect(await db().user.count()).toBe(0);
    expect(
      statusOf(await callRoute(registerApi, "/api/auth/register", { json: { ...registration, name: "ชื่อปกติ" } })),
    ).toBe(201);
  });

  it("a NUL character in a form is refused before any action", async () => {
    const form = new FormData();
    form.append("name", "x\u0000");
    const answer = await refuseNonFormWrite(
      new Request("http://shop.test/profile/edit", { method: "POST", body: form }),
    );
    expect(answer?.status).toBe(400);
    expect(await answer?.text()).toBe(NOT_A_FORM);
  });

  it("page writes must be forms; JSON calls and reads pass", async () => {
    const json = new Request("http://shop.test/cart", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect((await refuseNonFormWrite(json))?.status).toBe(400);
    expect((await refuseNonFormWrite(new Request("http://shop.test/cart", { method: "POST" })))?.status).toBe(400);
    expect(
      await refuseNonFormWrite(
        new Request("http://shop.test/api/cart/add", {
          method: "POST",
          body: "{}",
          headers: { "Content-Type": "application/json" },
        }),
      ),
    ).toBeNull();
    expect(await refuseNonFormWrite(new Request("http://shop.test/cart"))).toBeNull();
    const ok = new FormData();
    ok.append("quantity", "2");
    expect(await refuseNonFormWrite(new Request("http://shop.test/cart", { method: "POST", body: ok }))).toBeNull();
  });
});
