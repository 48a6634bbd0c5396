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

  it("stays the true count through sign-ups, role and status changes, erasure and deletion", async () => {
    const trueCounts = async () => {
      const [row] = await db().$queryRaw<{ userCount: number; merchantCount: number }[]>`
        SELECT (count(*) FILTER (WHERE 'user'::"Role" = ANY ("roles")))::int AS "userCount",
               (count(*) FILTER (WHERE 'merchant'::"Role" = ANY ("roles")))::int AS "merchantCount"
        FROM "User" WHERE "status" = 'active'::"UserStatus"`;
      return row;
    };
    const kept = async () => (await import("~/domain/users/public-info.server")).getPublicInfo();
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, index) => makeUser(`p${index}@example.com`, index % 2 ? ["user"] : ["merchant"])),
    );
    expect(await kept()).toEqual(await trueCounts());
    await db().user.update({ where: { id: people[0]!.id }, data: { roles: ["merchant", "user"] } });
    await db().user.update({ where: { id: people[1]!.id }, data: { status: "inactive" } });
    await db().user.update({ where: { id: people[2]!.id }, data: { status: "pending", roles: ["user"] } });
    await db().user.updateMany({ where: { id: { in: [people[3]!.id, people[4]!.id] } }, data: { roles: ["admin"] } });
    await db().user.update({ where: { id: people[1]!.id }, data: { status: "active" } });
    await db().user.update({ where: { id: people[5]!.id }, data: { name: "เปลี่ยนชื่อเท่านั้น" } });
    expect(await kept()).toEqual(await trueCounts());
    await db().user.delete({ where: { id: people[0]!.id } });
    await db().user.deleteMany({ where: { id: { in: [people[1]!.id, people[5]!.id] } } });
    expect(await kept()).toEqual(await trueCounts());
  });
});
