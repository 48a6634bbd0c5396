import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { deleteUser } from "~/domain/admin/users.server";
import { ERASED_PROBLEM_REASON, PERSONAL_RECORDS } from "~/domain/users/personal-records.server";
import { action as closeAction } from "~/routes/account/close-account";
import { loader as myData } from "~/routes/account/my-data";
import { loader as myDataExport } from "~/routes/account/my-data-export";
import { callRoute, locationOf } from "../../support/requests";
import { statementsDuring } from "../../support/statement-count";
import { signedIn, TEST_PASSWORD } from "../../support/users";

/**
 * Privacy tells the truth (issue 46, decision 107): measurements, transfer slips, reviews and a
 * tailor's replies are listed on /profile/data, carried by the download, and cleared by erasure
 * as the address is, while the other side keeps the order.
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);

interface PageRecords {
  data: { records: { key: string; title: string; count: number; rows: { text: string; href?: string }[] }[] };
}

async function completedOrder(buyerId: number, sellerId: number) {
  const design = await db().design.create({
    data: { ownerId: sellerId, baseId: "shirt1", status: "approved", price: 500 },
  });
  return db().order.create({
    data: {
      buyerId,
      sellerId,
      designId: design.id,
      name: "เสื้อทดสอบ",
      quantity: 1,
      unitPrice: 500,
      totalPrice: 500,
      status: "completed",
      orderedAt: new Date(),
      deliveryAddress: "9 หมู่ 9 ตำบลส่วนตัว",
    },
  });
}

const image = (data: { private?: boolean } = {}) =>
  db().storedImage.create({
    data: { contentType: "image/jpeg", sha256: "x", width: 1, height: 1, bytes: new Uint8Array([1]), ...data },
  });

/** A customer with a measurement set, a slip and a review their tailor answered; the tailor with a shop photo. */
async function customerWithRecords() {
  const customer = await signedIn({ name: "ลูกค้า มีสัดส่วน" });
  const tailor = await signedIn({ name: "ช่าง ตอบรีวิว", roles: ["merchant"] });
  const order = await completedOrder(customer.user.id, tailor.user.id);
  await db().measurementProfile.create({
    data: {
      userId: customer.user.id,
      name: "ตัวฉันเอง",
      unit: "in",
      chest: 96.5,
      waist: 81.3,
      hips: 99.1,
      shoulder: 44.5,
      sleeve: 61,
      shirtLength: 72.4,
      neck: 39.4,
    },
  });
  const slip = await image({ private: true });
  // Paid in two: the deposit's slip, confirmed, kept beside the balance's (the current one).
  const depositSlip = await image({ private: true });
  await db().orderPayment.create({
    data: {
      orderId: order.id,
      status: "paid",
      amount: 500,
      method: "promptpay",
      depositAmount: 150,
      depositPaidAt: new Date(),
      depositSlipImageId: depositSlip.id,
      slipImageId: slip.id,
      slipSentAt: new Date(),
      slipBankCode: "014",
      slipReference: "2026112812345678",
    },
  });
  await db().review.create({
    data: {
      orderId: order.id,
      authorId: customer.user.id,
      merchantId: tailor.user.id,
      rating: 4,
      comment: "ผ้าดีมาก ใส่สบาย",
      reply: "ขอบคุณที่อุดหนุนครับ",
      repliedAt: new Date(),
    },
  });
  const photo = await image();
  await db().user.update({ where: { id: tailor.user.id }, data: { shopName: "ร้านตอบรีวิว", shopImageId: photo.id } });
  return { customer, tailor, order, slip, depositSlip, photo };
}

describe("my data lists what a person leaves beside the account", () => {
  it("the page reads the session, the account and every list with its count in three statements", async () => {
    const { customer, order } = await customerWithRecords();
    let page:
      | (PageRecords["data"] & { orders: { count: number; rows: { id: number; seller: unknown }[] } })
      | undefined;
    const sent = await statementsDuring(async () => {
      page = ((await call(myData, "/profile/data", { cookie: customer.cookie })) as { data: NonNullable<typeof page> })
        .data;
    });
    // Each list and each kind of record asked for on its own were fourteen statements at once for one
    // page (bench/README.md, note 124).
    expect(sent, sent.join("\n\n")).toHaveLength(3);
    expect(page?.orders).toMatchObject({ count: 1, rows: [{ id: order.id, seller: { shopName: "ร้านตอบรีวิว" } }] });
    const counts = Object.fromEntries(page!.records.map((kind) => [kind.key, [kind.count, kind.rows.length]]));
    expect(counts).toMatchObject({
      measurements: [1, 1],
      slips: [1, 1],
      reviewsWritten: [1, 1],
      reviewReplies: [0, 0],
    });
    expect(page!.records.find((kind) => kind.key === "measurements")!.rows[0]!.text).toContain("38 นิ้ว (96.5 ซม.)");
  });

  it("the page and the download carry measurements, slips, reviews and a tailor's replies, each counted", async () => {
    const { customer, tailor, order } = await customerWithRecords();
    const page = (await call(myData, "/profile/data", { cookie: customer.cookie })) as PageRecords;
    const byKey = Object.fromEntries(page.data.records.map((kind) => [kind.key, kind]));
    expect(byKey.measurements).toMatchObject({ title: "สัดส่วนร่างกาย", count: 1 });
    expect(byKey.measurements!.rows[0]!.text).toContain("ตัวฉันเอง (นิ้ว)");
    expect(byKey.measurements!.rows[0]!.text).toContain("38 นิ้ว (96.5 ซม.)");
    expect(byKey.slips).toMatchObject({ title: "สลิปโอนเงิน", count: 1 });
    expect(byKey.slips!.rows[0]).toMatchObject({
      text: `สลิปของคำสั่งซื้อ #${order.id} · ธนาคารไทยพาณิชย์ เลขอ้างอิง 2026112812345678`,
      href: `/api/orders/${order.id}/payment/slip`,
    });
    expect(byKey.reviewsWritten).toMatchObject({ count: 1 });
    expect(byKey.reviewsWritten!.rows[0]!.text).toContain("4 ดาว · “ผ้าดีมาก ใส่สบาย”");
    // The customer wrote no replies: the reply on their review is the tailor's.
    expect(byKey.reviewReplies).toMatchObject({ count: 0, rows: [] });

    const download = await (
      (await call(myDataExport, "/profile/data/export", { cookie: customer.cookie })) as Response
    ).json();
    expect(download.measurements).toMatchObject([{ name: "ตัวฉันเอง", unit: "in", values: { chest: 96.5 } }]);
    expect(download.slips).toMatchObject([
      {
        orderId: order.id,
        status: "paid",
        url: `/api/orders/${order.id}/payment/slip`,
        depositSlipUrl: `/api/orders/${order.id}/payment/slip?part=deposit`,
        slipBankCode: "014",
        slipReference: "2026112812345678",
      },
    ]);
    expect(download.reviewsWritten).toMatchObject([{ orderId: order.id, rating: 4, comment: "ผ้าดีมาก ใส่สบาย" }]);
    expect(download.reviewReplies).toEqual([]);

    const tailorPage = (await call(myData, "/profile/data", { cookie: tailor.cookie })) as PageRecords;
    const replies = tailorPage.data.records.find((kind) => kind.key === "reviewReplies")!;
    expect(replies.count).toBe(1);
    expect(replies.rows[0]!.text).toBe(`คำสั่งซื้อ #${order.id} · “ขอบคุณที่อุดหนุนครับ”`);
    const tailorDownload = await (
      (await call(myDataExport, "/profile/data/export", { cookie: tailor.cookie })) as Response
    ).json();
    expect(tailorDownload.reviewReplies).toMatchObject([{ orderId: order.id, reply: "ขอบคุณที่อุดหนุนครับ" }]);
    // The buyer's words are the buyer's: not in the tailor's download; nor their slip.
    expect(JSON.stringify(tailorDownload)).not.toContain("ผ้าดีมาก");
    expect(tailorDownload.slips).toEqual([]);
  });

  it("each kind's count on the page is the number of rows its download holds", async () => {
    const { customer, tailor } = await customerWithRecords();
    for (const person of [customer, tailor]) {
      const page = (await call(myData, "/profile/data", { cookie: person.cookie })) as PageRecords;
      const download = await (
        (await call(myDataExport, "/profile/data/export", { cookie: person.cookie })) as Response
      ).json();
      expect(page.data.records.map((kind) => kind.key)).toEqual(PERSONAL_RECORDS.map((kind) => kind.key));
      for (const kind of page.data.records) expect(kind.count, kind.key).toBe(download[kind.key].length);
    }
  });
});

describe("a problem report", () => {
  it("is listed and downloaded with its photo; erasure takes the words and the photo, the admin's decision stays", async () => {
    const { customer, order } = await customerWithRecords();
    const photo = await image({ private: true });
    await db().orderProblem.create({
      data: {
        orderId: order.id,
        reason: "ตะเข็บแขนขาดตั้งแต่แกะกล่อง",
        photoId: photo.id,
        closedAt: new Date(),
        decision: "remake",
      },
    });
    const page = (await call(myData, "/profile/data", { cookie: customer.cookie })) as PageRecords;
    const problems = page.data.records.find((kind) => kind.key === "problemReports")!;
    expect(problems).toMatchObject({ title: "ปัญหาที่คุณแจ้ง", count: 1 });
    expect(problems.rows[0]).toMatchObject({
      text: `คำสั่งซื้อ #${order.id} · “ตะเข็บแขนขาดตั้งแต่แกะกล่อง” · มีรูปแนบ`,
      href: `/api/orders/${order.id}/problem/photo`,
    });
    const download = await (
      (await call(myDataExport, "/profile/data/export", { cookie: customer.cookie })) as Response
    ).json();
    expect(download.problemReports).toMatchObject([
      { orderId: order.id, reason: "ตะเข็บแขนขาดตั้งแต่แกะกล่อง", decision: "remake" },
    ]);

    const done = await call(closeAction, "/profile/delete", {
      cookie: customer.cookie,
      form: { password: TEST_PASSWORD },
    });
    expect(locationOf(done)).toBe("/");
    expect(await db().storedImage.count({ where: { id: photo.id } })).toBe(0);
    expect(await db().orderProblem.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      reason: ERASED_PROBLEM_REASON,
      photoId: null,
      decision: "remake",
    });
  });
});

describe("erasure clears them as it clears the address", () => {
  it("a customer's measurements, slip and review go; the tailor keeps the order and its payment", async () => {
    const { customer, order, slip, depositSlip } = await customerWithRecords();
    const done = await call(closeAction, "/profile/delete", {
      cookie: customer.cookie,
      form: { password: TEST_PASSWORD },
    });
    expect(locationOf(done)).toBe("/");
    expect(await db().measurementProfile.count({ where: { userId: customer.user.id } })).toBe(0);
    expect(await db().storedImage.count({ where: { id: { in: [slip.id, depositSlip.id] } } })).toBe(0);
    expect(await db().review.count({ where: { authorId: customer.user.id } })).toBe(0);
    expect(await db().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "completed",
      deliveryAddress: null,
    });
    expect(await db().orderPayment.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      status: "paid",
      slipImageId: null,
      depositSlipImageId: null,
    });
  });

  it("a tailor's replies and shop photo go; the buyer's review and the order stay", async () => {
    const { tailor, order, photo } = await customerWithRecords();
    const done = await call(closeAction, "/profile/delete", {
      cookie: tailor.cookie,
      form: { password: TEST_PASSWORD },
    });
    expect(locationOf(done)).toBe("/");
    expect(await db().review.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({
      comment: "ผ้าดีมาก ใส่สบาย",
      reply: null,
      repliedAt: null,
    });
    expect(await db().storedImage.count({ where: { id: photo.id } })).toBe(0);
    expect(await db().order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ sellerId: tailor.user.id });
  });

  it("an account without orders loses its shop photo and measurements when deleted", async () => {
    const tailor = await signedIn({ roles: ["merchant", "user"] });
    const photo = await image();
    await db().user.update({ where: { id: tailor.user.id }, data: { shopImageId: photo.id } });
    await db().measurementProfile.create({
      data: {
        userId: tailor.user.id,
        name: "ตัวฉัน",
        chest: 96,
        waist: 80,
        hips: 98,
        shoulder: 44,
        sleeve: 60,
        shirtLength: 72,
        neck: 39,
      },
    });
    const done = await call(closeAction, "/profile/delete", {
      cookie: tailor.cookie,
      form: { password: TEST_PASSWORD },
    });
    expect(locationOf(done)).toBe("/");
    expect(await db().user.count({ where: { id: tailor.user.id } })).toBe(0);
    expect(await db().storedImage.count({ where: { id: photo.id } })).toBe(0);
    expect(await db().measurementProfile.count({ where: { userId: tailor.user.id } })).toBe(0);
  });
});

describe("an admin deleting an account", () => {
  it("takes its shop photo and measurements as closing it would", async () => {
    const admin = await signedIn({ roles: ["admin"] });
    const tailor = await signedIn({ roles: ["merchant", "user"] });
    const photo = await image();
    await db().user.update({ where: { id: tailor.user.id }, data: { shopImageId: photo.id } });
    await db().measurementProfile.create({
      data: {
        userId: tailor.user.id,
        name: "ตัวฉัน",
        chest: 96,
        waist: 80,
        hips: 98,
        shoulder: 44,
        sleeve: 60,
        shirtLength: 72,
        neck: 39,
      },
    });
    await deleteUser(tailor.user.id, { id: admin.user.id, name: "ผู้ดูแล" });
    expect(await db().user.count({ where: { id: tailor.user.id } })).toBe(0);
    expect(await db().storedImage.count({ where: { id: photo.id } })).toBe(0);
    expect(await db().measurementProfile.count({ where: { userId: tailor.user.id } })).toBe(0);
  });
});
