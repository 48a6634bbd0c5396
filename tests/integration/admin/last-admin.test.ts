import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { EditUserSchema } from "~/domain/admin/user-form";
import { deleteUser, LAST_ADMIN, updateUser } from "~/domain/admin/users.server";
import { createTestUser } from "../../support/users";

// The shop must always keep one active admin, even when two admins act at the same moment.
const asUserOnly = (user: { name: string; email: string }) =>
  EditUserSchema.parse({ name: user.name, email: user.email, roles: ["user"], status: "active" });

describe("the last active admin stays", () => {
  it("refuses to demote, deactivate or delete the only remaining admin", async () => {
    const a = await createTestUser({ roles: ["admin"] });
    const b = await createTestUser({ roles: ["admin"] });
    // A demotes B: fine, A remains.
    await updateUser(b.id, asUserOnly(b), a);
    // B (acting through a session opened before) can no longer take A's role away: A is the last one.
    await expect(updateUser(a.id, asUserOnly(a), b)).rejects.toThrow(LAST_ADMIN);
    await expect(
      updateUser(a.id, EditUserSchema.parse({ name: a.name, email: a.email, roles: ["admin"], status: "inactive" }), b),
    ).rejects.toThrow(LAST_ADMIN);
    await expect(deleteUser(a.id, b)).rejects.toThrow(LAST_ADMIN);
    expect(await db().user.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({
      roles: ["admin"],
      status: "active",
    });
  });

  it("two admins demoting each other at once: exactly one wins", async () => {
    const a = await createTestUser({ roles: ["admin"] });
    const b = await createTestUser({ roles: ["admin"] });
    await db().user.updateMany({
      where: { roles: { has: "admin" }, id: { notIn: [a.id, b.id] } },
      data: { roles: ["user"] },
    });
    const results = await Promise.allSettled([updateUser(b.id, asUserOnly(b), a), updateUser(a.id, asUserOnly(a), b)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.message).toBe(LAST_ADMIN);
    expect(await db().user.count({ where: { roles: { has: "admin" }, status: "active" } })).toBe(1);
  });
});
