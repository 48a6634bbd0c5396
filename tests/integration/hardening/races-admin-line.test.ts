import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db, type Prisma } from "~/data/db.server";
import { decideDesign } from "~/domain/admin/designs.server";
import { createUser, deleteUser, EMAIL_TAKEN, updateUser } from "~/domain/admin/users.server";
import type { DesignParts } from "~/domain/designer/selection";
import { setDesignPrice, updateMerchantDesign, uploadDesignSample } from "~/domain/designs/designs.server";
import { DomainError } from "~/domain/errors";
import { retryOutboxMessage } from "~/domain/notifications/admin-outbox.server";
import { deliverDueMessages } from "~/domain/notifications/delivery.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { selectTailor } from "~/domain/orders/select-tailor.server";
import { canTransition, type OrderStatusName } from "~/domain/orders/state-machine";
import { type Actor, transitionOrder } from "~/domain/orders/transitions.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { updateProfile } from "~/domain/users/accounts.server";
import { createTestUser } from "../../support/users";
import { lineId, startLineMock } from "../line/support";
import { customerWithDesign, makeOrder, tailorWithPrices } from "../orders/support";

/**
 * Issue 17, continued from races.test.ts: the admin's user and design screens, the tailor's design
 * edits, the LINE outbox and order transitions under 20 parallel requests (CI runs these on
 * PostgreSQL at READ COMMITTED too). Each ends in a state a one-at-a-time order could reach,
 * every refusal is a DomainError in Thai (a 4xx, never a 500), nothing is lost or done twice.
 */

const PARALLEL = 20;

// LINE's answer can be made to take a while (the real push underneath, to the MSW mock), so an
// admin's retry can land while a worker holds a message.
const lineLatency = vi.hoisted(() => ({ ms: 0 }));
vi.mock("~/domain/line/messaging-client.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/domain/line/messaging-client.server")>();
  return {
    ...real,
    pushLineText: async (...args: Parameters<typeof real.pushLineText>) => {
      if (lineLatency.ms) await sleep(lineLatency.ms);
      return real.pushLineText(...args);
    },
  };
});

/** Every refusal is the shop's own (a DomainError with a Thai message), never a database error. */
function expectOnlyDomainRefusals(results: PromiseSettledResult<unknown>[]) {
  for (const result of results) {
    if (result.status === "rejected") {
      expect(result.reason, String(result.reason)).toBeInstanceOf(DomainError);
      expect((result.reason as DomainError).message).toMatch(/[\u0E00-\u0E7F]/);
    }
  }
}

const fulfilled = (results: PromiseSettledResult<unknown>[]) => results.filter((r) => r.status === "fulfilled").length;

/** A plain PNG whose width tells which request it came from. */
function pngOfWidth(width: number): Promise<Uint8Array> {
  return sharp({ create: { width, height: 8, channels: 3, background: "#1f2a5a" } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
}

function parts(hemId: string): DesignParts {
  return {
    baseId: "shirt1",
    collarId: "neck1",
    placketId: null,
    shoulderId: null,
    pocketId: null,
    sideId: null,
    armId: null,
    hemId,
    colorId: null,
    fabricId: null,
    threadId: null,
    isTTape: false,
    sizeId: null,
  };
}

async function tailorDesign(status: "approved" | "pending", type: "design" | "upload" = "design") {
  const tailor = await createTestUser({ roles: ["merchant"] });
  const design = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt1", hemId: "hem0", status, type, price: 300 },
  });
  return { tailor, design };
}

describe("a tailor's popular design edited in parallel", () => {
  it("20 parallel edits (parts, picture, price) all save and leave one edit whole", async () => {
    const { tailor, design } = await tailorDesign("approved");
    const pictures = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => pngOfWidth(10 + i)));
    const results = await Promise.allSettled(
      pictures.map((canvasPng, i) =>
        i % 4 === 3
          ? setDesignPrice(tailor.id, design.id, 100 + i)
          : updateMerchantDesign(tailor.id, design.id, {
              parts: parts(`hem${i}`),
              layout: {},
              canvasPng,
              price: 100 + i,
            }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const row = await db().design.findUniqueOrThrow({
      where: { id: design.id },
      select: { hemId: true, price: true, status: true, type: true, image: { select: { width: true } } },
    });
    // The picture and the parts always come from the same edit; the price from that edit or a later price-only one.
    const edit = row.image!.width - 10;
    expect(row.hemId).toBe(`hem${edit}`);
    const priceFrom = Number(row.price) - 100;
    expect(priceFrom === edit || priceFrom % 4 === 3).toBe(true);
    // An edit in the designer keeps an approved design approved (spec: only a photo sends it back).
    expect(row).toMatchObject({ status: "approved", type: "design" });
  });

  it("edits, sample photos, the admin's decisions and deleting the tailor at once: a serial outcome, the approval rule kept", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    for (let round = 0; round < 3; round++) {
      const { tailor, design } = await tailorDesign("approved");
      const photos = await Promise.all(Array.from({ length: 4 }, (_, i) => pngOfWidth(40 + i)));
      const work: { kind: string; run: () => Promise<unknown> }[] = [
        ...photos.map((photo, i) => ({
          kind: "upload",
          run: () => uploadDesignSample(tailor.id, design.id, photo, 500 + i),
        })),
        ...Array.from({ length: 5 }, (_, i) => ({
          kind: "price",
          run: () => setDesignPrice(tailor.id, design.id, 200 + i),
        })),
        ...Array.from({ length: 5 }, () => ({ kind: "approve", run: () => decideDesign(design.id, "approve", admin) })),
        ...Array.from({ length: 4 }, () => ({ kind: "reject", run: () => decideDesign(design.id, "reject", admin) })),
        ...Array.from({ length: 2 }, () => ({ kind: "delete", run: () => deleteUser(tailor.id, admin) })),
      ];
      const results = await Promise.allSettled(work.map((job) => job.run()));
      expectOnlyDomainRefusals(results);
      const wins = (kind: string) =>
        results.filter((r, i) => work[i]!.kind === kind && r.status === "fulfilled").length;

      const row = await db().design.findUniqueOrThrow({
        where: { id: design.id },
        select: { status: true, type: true, ownerId: true, image: { select: { width: true } } },
      });
      // The tailor goes exactly once (no orders): afterwards nothing of theirs changes.
      expect(wins("delete")).toBe(1);
      expect(row.ownerId).toBeNull();
      // Each decision needs a design waiting: the one state a photo leads to.
      expect(wins("approve") + wins("reject")).toBeLessThanOrEqual(wins("upload"));
      if (wins("upload") === 0) {
        expect(row).toMatchObject({ status: "approved", type: "design", image: null });
      } else {
        // A photo always makes it an upload, shown only once an admin approved it.
        expect(row.type).toBe("upload");
        expect(row.image!.width).toBeGreaterThanOrEqual(40);
        if (row.status === "approved") expect(wins("approve")).toBeGreaterThan(0);
        if (row.status === "rejected") expect(wins("reject")).toBeGreaterThan(0);
      }
    }
  });
});

describe("an admin editing users in parallel", () => {
  it("20 parallel edits of one user all save and leave one edit whole", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const user = await createTestUser();
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        updateUser(
          user.id,
          {
            name: `แก้ไข ${i}`,
            email: `edit-${i}-${user.id}@example.com`,
            phone: `08${String(i).padStart(8, "0")}`,
            address: `${i} หมู่ ${i}`,
            roles: i % 2 ? ["user", "merchant"] : ["user"],
            status: "active",
            password: null,
          },
          admin,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    const i = Number(row.name.replace("แก้ไข ", ""));
    expect(row).toMatchObject({
      email: `edit-${i}-${user.id}@example.com`,
      phone: `08${String(i).padStart(8, "0")}`,
      address: `${i} หมู่ ${i}`,
      roles: i % 2 ? ["user", "merchant"] : ["user"],
    });
  });

  it("20 parallel creates with one e-mail: exactly one account, the others told the e-mail is taken", async () => {
    const email = `same-${Date.now()}-${process.pid}@example.com`;
    const creator = await createTestUser({ roles: ["admin"], name: "ผู้ดูแล สร้างบัญชี" });
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        createUser(
          {
            name: `ผู้ใช้ ${i}`,
            email,
            phone: null,
            address: null,
            roles: ["user"],
            status: "active",
            password: "correct-horse-1",
          },
          creator,
        ),
      ),
    );
    expect(fulfilled(results)).toBe(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ kind: "conflict", message: EMAIL_TAKEN });
    }
    expect(await db().user.count({ where: { email } })).toBe(1);
  });

  it("admin edits and the user's own profile edits swapping two e-mails: saved or 'taken', never a deadlock's 500", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    for (let round = 0; round < 3; round++) {
      const first = await createTestUser();
      const second = await createTestUser();
      const emails = Array.from({ length: 4 }, (_, k) => `swap-admin-${k}-${first.id}@example.com`);
      const results = await Promise.allSettled(
        Array.from({ length: PARALLEL }, (_, i) =>
          i % 2 === 0
            ? updateUser(
                first.id,
                { name: "สลับ", email: emails[(i / 2) % 4]!, phone: null, address: null, password: null },
                admin,
              )
            : updateProfile(second.id, {
                email: emails[((i - 1) / 2 + 1) % 4]!,
                name: "สลับ",
                phone: "0811111111",
                dob: "1990-01-01",
                address: "1 หมู่ 1",
                lineId: undefined,
                facebookName: undefined,
              }),
        ),
      );
      expectOnlyDomainRefusals(results);
      for (const result of results) {
        if (result.status === "rejected") expect(result.reason).toMatchObject({ message: EMAIL_TAKEN });
      }
      const now = await db().user.findMany({ where: { id: { in: [first.id, second.id] } }, select: { email: true } });
      expect(new Set(now.map((row) => row.email)).size).toBe(2);
    }
  });

  it("deleting a tailor while buyers choose them: the tailor is deleted and the item has no tailor, or the choice is refused in Thai", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
    // Each pair races as soon as it is set up, so the races overlap the other pairs' setups and races.
    const outcomes = await Promise.all(
      Array.from({ length: 3 * PARALLEL }, async (_, i) => {
        const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 });
        const { buyer, item } = await customerWithDesign();
        // Half the buyers had chosen this tailor already and choose them again (the delete clears those first).
        if (i % 2) await db().order.update({ where: { id: item.id }, data: { sellerId: tailor.id } });
        const [deleted, selected] = await Promise.allSettled([
          deleteUser(tailor.id, admin),
          selectTailor(buyer.id, item.id, tailor.id),
        ]);
        const itemNow = await db().order.findUniqueOrThrow({ where: { id: item.id }, select: { sellerId: true } });
        return { deleted, selected, itemNow };
      }),
    );
    for (const { deleted, selected, itemNow } of outcomes) {
      expect(deleted.status === "rejected" ? String(deleted.reason) : "deleted").toBe("deleted");
      expect(itemNow.sellerId).toBeNull();
      // Refused only as 'tailor not found': not 'has orders', not 'no price set' (their prices half deleted).
      if (selected.status === "rejected") {
        expect(selected.reason).toBeInstanceOf(DomainError);
        expect((selected.reason as DomainError).message).toBe(ORDER_MESSAGES.tailorNotFound);
      }
    }
  });

  // The same two moments made certain (PostgreSQL only: PGlite has one connection, so a transaction
  // held open there would hold up the other side for ever).
  it.skipIf(!process.env.DATABASE_URL)(
    "a choice made while a delete of that tailor is under way waits for it, then is refused as 'tailor not found'",
    async () => {
      const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 });
      const { buyer, item } = await customerWithDesign();
      const deletion = heldOpen((tx) => tx.user.delete({ where: { id: tailor.id } }));
      await deletion.done;
      const choice = selectTailor(buyer.id, item.id, tailor.id).then(
        () => "chosen",
        (error: unknown) => error,
      );
      await sleep(150);
      await deletion.commit();
      expect(await choice).toMatchObject({ kind: "not_found", message: ORDER_MESSAGES.tailorNotFound });
      expect(await db().order.findUniqueOrThrow({ where: { id: item.id }, select: { sellerId: true } })).toEqual({
        sellerId: null,
      });
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "a delete that meets a choice under way waits for it, then clears that item too (not 'has orders')",
    async () => {
      const admin = await createTestUser({ roles: ["admin"] });
      const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60, hem2: 90 });
      const { item } = await customerWithDesign();
      const choice = heldOpen((tx) => tx.order.update({ where: { id: item.id }, data: { sellerId: tailor.id } }));
      await choice.done;
      const deletion = deleteUser(tailor.id, admin).then(
        () => "deleted",
        (error: unknown) => error,
      );
      await sleep(150);
      await choice.commit();
      expect(await deletion).toBe("deleted");
      expect(await db().order.findUniqueOrThrow({ where: { id: item.id }, select: { sellerId: true } })).toEqual({
        sellerId: null,
      });
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "an admin's e-mail edit that deadlocks with the person's own e-mail swap is run again, not a 500",
    async () => {
      const admin = await createTestUser({ roles: ["admin"] });
      const first = await createTestUser();
      const second = await createTestUser();
      const wanted = `swap-held-${first.id}@example.com`;
      // The second person takes `wanted` (not yet committed), the admin gives `wanted` to the first
      // (waits on it), then the second person takes the first's e-mail too (waits on the admin).
      let goOn!: () => void;
      const onward = new Promise<void>((resolve) => {
        goOn = resolve;
      });
      let tookIt!: () => void;
      const taken = new Promise<void>((resolve) => {
        tookIt = resolve;
      });
      const swap = db()
        .$transaction(async (tx) => {
          await tx.user.update({ where: { id: second.id }, data: { email: wanted } });
          tookIt();
          await onward;
          await tx.user.update({ where: { id: second.id }, data: { email: first.email } });
        })
        .then(
          () => "swapped",
          (error: unknown) => error,
        );
      await taken;
      const edit = updateUser(
        first.id,
        { name: "สลับ", email: wanted, phone: null, address: null, password: null },
        admin,
      ).then(
        () => "saved",
        (error: unknown) => error,
      );
      await sleep(150);
      goOn();
      // PostgreSQL ends the one that waited longest (the admin's edit); run again, it saves.
      expect(await edit).toBe("saved");
      await swap;
      const emails = await db().user.findMany({
        where: { id: { in: [first.id, second.id] } },
        orderBy: { id: "asc" },
        select: { email: true },
      });
      expect(emails).toEqual([{ email: wanted }, { email: second.email }]);
    },
  );
});

/** A transaction that does `work`, then stays open (its locks held) until `commit()`. */
function heldOpen(work: (tx: Prisma.TransactionClient) => Promise<unknown>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let doneNow!: () => void;
  const done = new Promise<void>((resolve) => {
    doneNow = resolve;
  });
  const transaction = db().$transaction(async (tx) => {
    await work(tx);
    doneNow();
    await held;
  });
  return {
    done,
    commit: () => {
      release();
      return transaction;
    },
  };
}

describe("the LINE outbox under parallel workers", () => {
  const mock = startLineMock();
  afterEach(() => {
    lineLatency.ms = 0;
  });

  async function queued(count: number, status: "pending" | "failed" = "pending", tag = "") {
    const { order, buyer, tailor } = await makeOrder({ status: "accepted" });
    await db().user.update({ where: { id: buyer.id }, data: { lineUserId: lineId() } });
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const event = await db().orderEvent.create({
        data: {
          orderId: order.id,
          fromStatus: "ordered",
          toStatus: "accepted",
          actorId: tailor.id,
          actorRole: "merchant",
        },
      });
      const message = await db().outboxMessage.create({
        data: {
          eventId: event.id,
          recipientId: buyer.id,
          text: `ข้อความ ${tag}${i}`,
          status,
          attempts: status === "failed" ? 8 : 0,
        },
      });
      ids.push(message.id);
    }
    return ids;
  }

  it("20 parallel workers over 20 due messages: each message pushed to LINE exactly once", async () => {
    const ids = await queued(PARALLEL);
    const reports = await Promise.all(Array.from({ length: PARALLEL }, () => deliverDueMessages({ limit: PARALLEL })));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(PARALLEL);
    expect(mock.state.pushAttempts).toBe(PARALLEL);
    expect(new Set(mock.pushes.map((push) => push.text)).size).toBe(PARALLEL);
    const rows = await db().outboxMessage.findMany({ where: { id: { in: ids } } });
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1 && row.lockedUntil === null)).toBe(true);
  });

  it("an admin's 'ส่งใหม่' racing the workers: pushed once per putting back, never while a worker holds it", async () => {
    lineLatency.ms = 30;
    for (let round = 0; round < 4; round++) {
      const attemptsBefore = mock.state.pushAttempts;
      const ids = await queued(4, "failed", `รอบ ${round} `);
      // The admin puts them back, then presses 'ส่งใหม่' again over the next moments, while workers push.
      for (const id of ids) await retryOutboxMessage(id);
      const results = await Promise.allSettled(
        Array.from({ length: PARALLEL }, async (_, i) => {
          // (A worker whose clock runs a second ahead: a retry's fresh due time does not hide the message.)
          if (i % 2 === 1) return deliverDueMessages({ limit: PARALLEL, now: new Date(Date.now() + 1000) });
          await sleep(i * 2);
          return retryOutboxMessage(ids[(i / 2) % ids.length]!);
        }),
      );
      expectOnlyDomainRefusals(results);
      const rows = await db().outboxMessage.findMany({ where: { id: { in: ids } } });
      const pushesOf = (text: string) => mock.pushes.filter((push) => push.text === text).length;
      for (const row of rows) {
        // Sent once, or still waiting (put back after the last worker looked); never leased, never failed again.
        expect(row).toMatchObject({ lockedUntil: null, attempts: row.status === "sent" ? 1 : 0 });
        expect(["sent", "pending"]).toContain(row.status);
        expect(pushesOf(row.text)).toBe(row.status === "sent" ? 1 : 0);
      }
      // No push went out for a message a retry had taken from under its worker (LINE's 409 would hide it).
      const sent = rows.filter((row) => row.status === "sent").length;
      expect(mock.state.pushAttempts - attemptsBefore).toBe(sent);
      // Whatever was put back and not yet sent goes out exactly once afterwards.
      await deliverDueMessages({ limit: PARALLEL });
      expect(mock.state.pushAttempts - attemptsBefore).toBe(ids.length);
    }
  });
});

describe("an order moved by its tailor, its buyer and an admin at once", () => {
  const steps: { to: OrderStatusName; from?: OrderStatusName; as: "merchant" | "user" | "admin" }[] = [
    { to: "accepted", from: "ordered", as: "merchant" },
    { to: "canceled", from: "ordered", as: "merchant" },
    { to: "completed", from: "accepted", as: "merchant" },
    { to: "canceled", from: "accepted", as: "merchant" },
    { to: "ordered", as: "user" },
  ];

  it("20 parallel accept/decline/complete/cancel as the pages send them: exactly one legal move from ordered, one event", async () => {
    for (let round = 0; round < 3; round++) {
      const { order, tailor, buyer } = await makeOrder({ status: "ordered" });
      const actorFor = (as: string): Actor => (as === "user" ? buyer : tailor);
      const results = await Promise.allSettled(
        Array.from({ length: PARALLEL }, (_, i) => {
          const step = steps[i % steps.length]!;
          return transitionOrder({
            orderId: order.id,
            to: step.to,
            from: step.from,
            as: step.as,
            actor: actorFor(step.as),
            reason: step.to === "canceled" ? "คิวงานเต็ม" : undefined,
          });
        }),
      );
      expectOnlyDomainRefusals(results);
      const final = await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } });
      const events = await db().orderEvent.findMany({
        where: { orderId: order.id, kind: "status" },
        orderBy: { id: "asc" },
      });
      // Accepted first, then completed or canceled from accepted; or declined: each step once.
      expect(events.length).toBe(fulfilled(results));
      expectLegalChain("ordered", events, final.status);
      expect(events.length).toBeGreaterThanOrEqual(1);
      expect(events.length).toBeLessThanOrEqual(2);
    }
  });

  it("20 parallel moves without a seen status, an admin among them: the events are one legal chain ending in the order's status", async () => {
    const admin = await createTestUser({ roles: ["admin"] });
    const { order, tailor, buyer } = await makeOrder({ status: "ordered" });
    const actorFor = (as: string): Actor => (as === "user" ? buyer : as === "admin" ? admin : tailor);
    const all = [...steps, { to: "canceled" as const, as: "admin" as const }];
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) => {
        const step = all[i % all.length]!;
        const reason = step.to === "canceled" ? "คิวงานเต็ม" : undefined;
        return transitionOrder({ orderId: order.id, to: step.to, as: step.as, actor: actorFor(step.as), reason });
      }),
    );
    expectOnlyDomainRefusals(results);
    const final = await db().order.findUniqueOrThrow({ where: { id: order.id }, select: { status: true } });
    const events = await db().orderEvent.findMany({
      where: { orderId: order.id, kind: "status" },
      orderBy: { id: "asc" },
    });
    expect(events.length).toBe(fulfilled(results));
    expectLegalChain("ordered", events, final.status);
  });
});

function expectLegalChain(
  start: OrderStatusName,
  events: { fromStatus: OrderStatusName | null; toStatus: OrderStatusName | null; actorRole: string | null }[],
  final: OrderStatusName,
) {
  let at = start;
  for (const event of events) {
    expect(event.fromStatus).toBe(at);
    expect(event.toStatus).not.toBeNull();
    expect(canTransition(at, event.toStatus!, event.actorRole as "merchant" | "user" | "admin")).toBe(true);
    at = event.toStatus!;
  }
  expect(at).toBe(final);
}
