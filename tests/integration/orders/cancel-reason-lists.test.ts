import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { shortCancelNote } from "~/domain/orders/cancel-reasons";
import { sessionCookieFor, signedIn } from "../../support/users";
import { Browser, openShop, textsOf } from "../notices/support";
import { makeOrder } from "./support";

/**
 * The order lists say why an order ended (issue 46, decision 107): the customer's, the tailor's
 * and the admin's table show who canceled and the reason, cut short when long (the order's page
 * has it whole), as the shop draws them (no JavaScript needed).
 */

beforeAll(openShop, 240_000);

const LONG_REASON = `ผ้าไหมลายนี้หมดทั้งร้าน ${"และไม่มีผ้าสีใกล้เคียงให้เลือกแทนในฤดูนี้ ".repeat(4)}ท้ายสุด`;

const listNotes = (html: string) => textsOf(html, /<p[^>]*data-testid="list-cancel-reason"[^>]*>/);

describe("order lists show why a canceled order ended", () => {
  it("the customer's, the tailor's and the admin's lists show who and the reason, shortened when long", async () => {
    const { order, buyer, tailor } = await makeOrder({ status: "ordered" });
    const tailorBrowser = new Browser(await sessionCookieFor(tailor.id));
    const declined = await tailorBrowser.submit(`/merchant/order/${order.id}`, {
      intent: "decline",
      reasonChoice: "อื่น ๆ",
      reasonText: LONG_REASON,
    });
    expect(declined.status).toBe(200);
    expect(await db().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "canceled",
      canceledBy: "tailor",
    });
    const reason = (await db().order.findUniqueOrThrow({ where: { id: order.id } })).cancelReason!;
    const note = shortCancelNote({ canceledBy: "tailor", cancelReason: reason })!;
    expect(note.short.endsWith("…")).toBe(true);
    expect(note.short.startsWith("ช่างตัดยกเลิก: ผ้าไหมลายนี้หมดทั้งร้าน")).toBe(true);
    expect(note.short).not.toContain("ท้ายสุด");

    const customer = new Browser(await sessionCookieFor(buyer.id));
    for (const address of ["/user/orders", "/user/orders?tab=canceled"]) {
      const page = await customer.open(address);
      expect(page.status, address).toBe(200);
      expect(listNotes(page.html), address).toEqual([note.short]);
    }
    const tailorList = await tailorBrowser.open("/merchant?status=canceled");
    expect(tailorList.status).toBe(200);
    expect(listNotes(tailorList.html)).toEqual([note.short]);
    const admin = new Browser((await signedIn({ roles: ["admin"] })).cookie);
    const table = await admin.open("/admin/manage/orders?status=canceled");
    expect(table.status).toBe(200);
    expect(listNotes(table.html)).toContain(note.short);
    // The whole reason is a hover away (and on the order's page).
    expect(table.html).toContain(`title="ช่างตัดยกเลิก: ${reason}"`);
  });

  it("an order not canceled says nothing of a reason; one the shop canceled gives the shop's reason", async () => {
    const { buyer } = await makeOrder({ status: "accepted" });
    const expired = await makeOrder({ status: "canceled", buyer });
    await db().order.update({ where: { id: expired.order.id }, data: { canceledBy: "system" } });
    const page = await new Browser(await sessionCookieFor(buyer.id)).open("/user/orders");
    expect(listNotes(page.html)).toEqual(["ระบบยกเลิกอัตโนมัติ: ช่างตัดไม่ได้ตอบรับภายในเวลาที่กำหนด"]);
  });
});
