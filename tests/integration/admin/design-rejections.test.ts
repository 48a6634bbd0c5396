import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { uploadDesignSample } from "~/domain/designs/designs.server";
import { action as decisionAction } from "~/routes/admin/api.design-decision";
import { action as designsPageAction, loader as designsPageLoader } from "~/routes/admin/designs";
import { loader as popularDesignsLoader } from "~/routes/designer/api.popular-designs";
import { isDataWithResponseInit, locationOf, statusOf } from "../../support/requests";
import { createTestUser, sessionCookieFor, signedIn } from "../../support/users";
import { call, emptyShop, jsonOf, makeDesign } from "./support";

/**
 * Design rejections say why (issue 46): the admin's reject asks for a reason in the page (the JSON
 * call takes an optional one), the tailor's design list shows it and its JSON rows carry it, and a
 * design sent again (a new sample) or approved has none.
 */

let admin: Awaited<ReturnType<typeof signedIn>>;

beforeEach(async () => {
  await emptyShop();
  admin = await signedIn({ roles: ["admin"], name: "แอดมิน ผู้ตรวจแบบ" });
});

const rejectJson = (id: number, json?: unknown) =>
  call(decisionAction, `/admin/designs/${id}/reject`, {
    method: "PATCH",
    cookie: admin.cookie,
    params: { id: String(id), decision: "reject" },
    ...(json === undefined ? {} : { json }),
  });

const stored = (id: number) =>
  db().design.findUniqueOrThrow({ where: { id }, select: { status: true, rejectReason: true } });

describe("a design's rejection and its reason", () => {
  it("the JSON call keeps the reason; the tailor's rows carry it; bad reasons change nothing", async () => {
    const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านลายใหม่" });
    // One after another: the list is newest first, and the ids follow the order they were made in.
    const first = await makeDesign({ ownerId: tailor.id, status: "pending", price: 700 });
    const second = await makeDesign({ ownerId: tailor.id, status: "pending", price: 700 });
    const third = await makeDesign({ ownerId: tailor.id, status: "pending", price: 700 });

    for (const [json, message] of [
      [{ reason: 42 }, "เหตุผลต้องเป็นข้อความ"],
      [{ reason: "ก".repeat(501) }, "เหตุผลยาวเกินไป (ไม่เกิน 500 ตัวอักษร)"],
    ] as const) {
      const refused = await rejectJson(first.id, json);
      expect(statusOf(refused)).toBe(400);
      expect((await jsonOf(refused)).error).toBe(message);
    }
    expect(await stored(first.id)).toEqual({ status: "pending", rejectReason: null });

    const rejected = await rejectJson(first.id, { reason: "  ภาพไม่ชัด กรุณาถ่ายใหม่ในที่สว่าง  " });
    expect(statusOf(rejected)).toBe(200);
    expect((await jsonOf(rejected)).design).toEqual({
      id: first.id,
      status: "rejected",
      rejectReason: "ภาพไม่ชัด กรุณาถ่ายใหม่ในที่สว่าง",
    });
    // Without a body, as the spec's call was made before: rejected, no reason.
    expect(statusOf(await rejectJson(second.id))).toBe(200);
    expect(await stored(second.id)).toEqual({ status: "rejected", rejectReason: null });
    // The audit log keeps the reason beside the status.
    const entry = await db().auditEntry.findFirstOrThrow({ where: { action: "design.reject", targetId: first.id } });
    expect(entry.changes).toEqual({
      status: { from: "pending", to: "rejected" },
      rejectReason: { to: "ภาพไม่ชัด กรุณาถ่ายใหม่ในที่สว่าง" },
    });

    const rows = (await jsonOf(
      await call(popularDesignsLoader, "/api/design/merchant/popular_designs", {
        cookie: await sessionCookieFor(tailor.id),
      }),
    )) as { id: number; status: string; rejectReason: string | null }[];
    expect(rows.map(({ id, status, rejectReason }) => ({ id, status, rejectReason }))).toEqual([
      { id: third.id, status: "pending", rejectReason: null },
      { id: second.id, status: "rejected", rejectReason: null },
      { id: first.id, status: "rejected", rejectReason: "ภาพไม่ชัด กรุณาถ่ายใหม่ในที่สว่าง" },
    ]);

    // A new sample sends it to the admin again: pending, the old reason gone.
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#aa3322" } })
      .png()
      .toBuffer();
    await uploadDesignSample(tailor.id, first.id, new Uint8Array(photo));
    expect(await stored(first.id)).toEqual({ status: "pending", rejectReason: null });
  });

  it("the admin's page asks for the reason: without one the dialog stays open with the message, and nothing changes", async () => {
    const tailor = await createTestUser({ roles: ["merchant"] });
    const design = await makeDesign({ ownerId: tailor.id, status: "pending", price: 900 });
    const dialog = `/admin/manage/designs?reject=${design.id}`;

    const missing = await call(designsPageAction, dialog, {
      cookie: admin.cookie,
      form: { intent: "reject", id: String(design.id), page: "1", reason: "   " },
    });
    expect(statusOf(missing)).toBe(400);
    expect(isDataWithResponseInit(missing) && missing.data).toEqual({
      reasonError: "กรุณาบอกเหตุผลที่ไม่อนุมัติ ช่างจะเห็นเหตุผลนี้เพื่อแก้ไขแบบ",
    });
    // The page answering it is the same address: the dialog is still open.
    const page = (await call(designsPageLoader, dialog, { cookie: admin.cookie })) as {
      rejecting: { id: number } | null;
    };
    expect(page.rejecting?.id).toBe(design.id);
    expect(await stored(design.id)).toEqual({ status: "pending", rejectReason: null });

    const done = await call(designsPageAction, dialog, {
      cookie: admin.cookie,
      form: { intent: "reject", id: String(design.id), page: "1", reason: "ลายไม่ตรงกับชิ้นส่วนที่เลือก" },
    });
    expect(locationOf(done)).toBe("/admin/manage/designs");
    expect(await stored(design.id)).toEqual({ status: "rejected", rejectReason: "ลายไม่ตรงกับชิ้นส่วนที่เลือก" });

    // An approval never carries a reason.
    const other = await makeDesign({ ownerId: tailor.id, status: "pending", price: 900 });
    await call(designsPageAction, "/admin/manage/designs", {
      cookie: admin.cookie,
      form: { intent: "approve", id: String(other.id), page: "1", reason: "ไม่ควรถูกเก็บ" },
    });
    expect(await stored(other.id)).toEqual({ status: "approved", rejectReason: null });
  });
});
