import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { loader } from "~/routes/shop/api.public-info";

function makeUser(
  email: string,
  roles: ("user" | "merchant" | "admin")[],
  status: "active" | "inactive" | "pending" = "active",
) {
  return db().user.create({ data: { email, name: email, passwordHash: "x", roles, status } });
}

describe("GET /api/public/info", () => {
  it("counts active customers and active tailors", async () => {
    const call = async () => {
      const response = await loader({
        request: new Request("http://shop.test/api/public/info"),
        params: {},
        context: {},
      } as never);
      expect(response.status).toBe(200);
      return response.json();
    };
    expect(await call()).toEqual({ userCount: 0, merchantCount: 0 });

    await makeUser("a@example.com", ["user"]);
    await makeUser("b@example.com", ["user"]);
    await makeUser("c@example.com", ["user"], "inactive");
    await makeUser("t1@example.com", ["merchant"]);
    await makeUser("t2@example.com", ["merchant", "user"]);
    await makeUser("t3@example.com", ["merchant"], "pending");
    await makeUser("admin@example.com", ["admin"]);

    expect(await call()).toEqual({ userCount: 3, merchantCount: 2 });
  });
});
