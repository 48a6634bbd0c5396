import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { DomainError } from "~/domain/errors";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { createTestUser } from "../../support/users";
import { makeOrder } from "./support";

async function failureOf(promise: Promise<unknown>): Promise<DomainError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(DomainError);
  return outcome as DomainError;
}

describe("transitionOrder", () => {
  it("the tailor accepts then completes; each step is one event with actor and role", async () => {
    const { order, tailor } = await makeOrder({ status: "ordered" });
    const accepted = await transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" });
    expect(accepted).toMatchObject({ fromStatus: "ordered", toStatus: "accepted" });
    await transitionOrder({ orderId: order.id, to: "completed", actor: tailor, as: "merchant" });
    const events = await db().orderEvent.findMany({ where: { orderId: order.id }, orderBy: { id: "asc" } });
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorId, e.actorRole])).toEqual([
      ["ordered", "accepted", tailor.id, "merchant"],
      ["accepted", "completed", tailor.id, "merchant"],
    ]);
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("completed");
  });

  it("a second accept and a cancel after completion are conflicts that change nothing", async () => {
    const { order, tailor } = await makeOrder({ status: "ordered" });
    await transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" });
    const again = await failureOf(
      transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" }),
    );
    expect(again.kind).toBe("conflict");
    expect(again.message).toContain("กำลังตัดเย็บ");
    await transitionOrder({ orderId: order.id, to: "completed", actor: tailor, as: "merchant" });
    const late = await failureOf(
      transitionOrder({ orderId: order.id, to: "canceled", actor: tailor, as: "merchant", reason: "ผ้าหมด" }),
    );
    expect(late.kind).toBe("conflict");
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("completed");
    expect(await db().orderEvent.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("another tailor, another buyer, or a role the actor lacks gets forbidden; a missing order not_found", async () => {
    const { order, buyer } = await makeOrder({ status: "ordered" });
    const otherTailor = await createTestUser({ roles: ["merchant"] });
    const otherBuyer = await createTestUser();
    expect(
      (await failureOf(transitionOrder({ orderId: order.id, to: "accepted", actor: otherTailor, as: "merchant" })))
        .kind,
    ).toBe("forbidden");
    expect(
      (await failureOf(transitionOrder({ orderId: order.id, to: "accepted", actor: buyer, as: "merchant" }))).kind,
    ).toBe("forbidden");
    expect(
      (await failureOf(transitionOrder({ orderId: order.id, to: "canceled", actor: otherBuyer, as: "admin" }))).kind,
    ).toBe("forbidden");
    expect(
      (await failureOf(transitionOrder({ orderId: 999999, to: "accepted", actor: otherTailor, as: "merchant" }))).kind,
    ).toBe("not_found");
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("ordered");
    expect(await db().orderEvent.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("a page's stale button (expected status) is refused once the order has moved on", async () => {
    const { order, tailor } = await makeOrder({ status: "accepted" });
    const stale = await failureOf(
      transitionOrder({
        orderId: order.id,
        to: "canceled",
        actor: tailor,
        as: "merchant",
        from: "ordered",
        reason: "ผ้าหมด",
      }),
    );
    expect(stale.kind).toBe("conflict");
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("accepted");
  });

  it("admin overrides from any status, except to the same one", async () => {
    const { order } = await makeOrder({ status: "completed" });
    const admin = await createTestUser({ roles: ["admin"] });
    await transitionOrder({ orderId: order.id, to: "accepted", actor: admin, as: "admin" });
    const same = await failureOf(transitionOrder({ orderId: order.id, to: "accepted", actor: admin, as: "admin" }));
    expect(same.kind).toBe("conflict");
    const event = await db().orderEvent.findFirstOrThrow({ where: { orderId: order.id } });
    expect(event).toMatchObject({
      fromStatus: "completed",
      toStatus: "accepted",
      actorId: admin.id,
      actorRole: "admin",
    });
  });

  it("admin moving a cart item to ordered copies the buyer's address and stamps orderedAt", async () => {
    const { order, buyer } = await makeOrder({ status: "cart" });
    const admin = await createTestUser({ roles: ["admin"] });
    await transitionOrder({ orderId: order.id, to: "ordered", actor: admin, as: "admin" });
    const row = await db().order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row.deliveryAddress).toBe(buyer.address);
    expect(row.orderedAt).toBeInstanceOf(Date);
  });

  it("queues the LINE message about the change in the same transaction (when LINE is connected)", async () => {
    const env = {
      LINE_LOGIN_CHANNEL_ID: "1",
      LINE_LOGIN_CHANNEL_SECRET: "s",
      LINE_MESSAGING_ACCESS_TOKEN: "t",
      PUBLIC_BASE_URL: "https://shop.test",
    };
    Object.assign(process.env, env);
    try {
      const { order, tailor, buyer } = await makeOrder({ status: "ordered" });
      await db().user.update({ where: { id: buyer.id }, data: { lineUserId: `U${buyer.id}orders` } });
      const { eventId } = await transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" });
      expect(await db().outboxMessage.findMany({ where: { eventId }, select: { recipientId: true } })).toEqual([
        { recipientId: buyer.id },
      ]);
      // A refused transition queues nothing.
      await failureOf(transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" }));
      expect(await db().outboxMessage.count({ where: { event: { orderId: order.id } } })).toBe(1);
    } finally {
      for (const key of Object.keys(env)) delete process.env[key];
    }
  });

  it("two parallel accepts: exactly one wins, one event", async () => {
    const { order, tailor } = await makeOrder({ status: "ordered" });
    const results = await Promise.allSettled([
      transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" }),
      transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as DomainError).kind).toBe("conflict");
    expect(await db().orderEvent.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("accept racing decline of the same ordered order: exactly one wins and the events match the final status", async () => {
    const { order, tailor } = await makeOrder({ status: "ordered" });
    const results = await Promise.allSettled([
      transitionOrder({ orderId: order.id, to: "accepted", actor: tailor, as: "merchant", from: "ordered" }),
      transitionOrder({
        orderId: order.id,
        to: "canceled",
        actor: tailor,
        as: "merchant",
        from: "ordered",
        reason: "ผ้าหมด",
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const final = await db().order.findUniqueOrThrow({ where: { id: order.id } });
    const events = await db().orderEvent.findMany({ where: { orderId: order.id } });
    expect(events).toHaveLength(1);
    expect(events[0]!.toStatus).toBe(final.status);
  });
});
