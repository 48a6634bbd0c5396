import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as apiSlip from "~/routes/orders/api.order-payment-slip";
import * as merchantOrder from "~/routes/orders/merchant-order";
import * as userProduct from "~/routes/orders/user-product";
import { callJson as api, callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/**
 * Slip photos as phones take them (issue 45): the order page's form (without JavaScript) and the
 * JSON call's multipart take a photo of up to 20 MB, stream it to disk, shrink it to at most
 * 1,600 px and store only that; over 20 MB or not an image is refused in Thai with nothing stored.
 */

const MB = 1024 * 1024;
const WRONG_TYPE = "รองรับเฉพาะรูปภาพ JPEG, PNG หรือ WebP";
const TOO_BIG = "รูปสลิปต้องมีขนาดไม่เกิน 20 MB";

/**
 * A camera-like JPEG of random noise (so it does not compress small): about 1.66 bytes a pixel at
 * quality 92 without chroma subsampling. Checked to be within the size asked for.
 */
async function noisePhoto(width: number, height: number, atLeast: number, below: number): Promise<Blob> {
  const raw = randomBytes(width * height * 3);
  const bytes = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
    .toBuffer();
  expect(bytes.length).toBeGreaterThanOrEqual(atLeast);
  expect(bytes.length).toBeLessThan(below);
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

const twelveMb = () => noisePhoto(3200, 2300, 11 * MB, 14 * MB);
const twentyOneMb = () => noisePhoto(4100, 3100, 20 * MB + 1, 23 * MB);

/** An order its tailor has accepted (so it is due for payment). */
async function acceptedOrder() {
  const made = await makeOrder({ status: "ordered", quantity: 1, unitPrice: 800 });
  await db().user.update({
    where: { id: made.tailor.id },
    data: { promptpayId: "0812345678", promptpayName: "ร้านผ้าทอทดสอบ" },
  });
  const tailorCookie = await sessionCookieFor(made.tailor.id);
  const accepted = await callRoute(merchantOrder.action, `/merchant/order/${made.order.id}`, {
    cookie: tailorCookie,
    form: { intent: "accept" },
    params: { id: String(made.order.id) },
  });
  expect(await fullNoticeOf(accepted)).toMatchObject({ type: "success" });
  return {
    id: made.order.id,
    params: { id: String(made.order.id) },
    buyerCookie: await sessionCookieFor(made.buyer.id),
  };
}

async function storedSlip(orderId: number) {
  const payment = await db().orderPayment.findUniqueOrThrow({ where: { orderId } });
  if (!payment.slipImageId) return { status: payment.status, image: null };
  const image = await db().storedImage.findUniqueOrThrow({ where: { id: payment.slipImageId } });
  return { status: payment.status, image };
}

// This file's own temporary folder (os.tmpdir() reads TMPDIR): other test files streaming photos at
// the same time (the servers of payments-slips-http) make and remove theirs in the system's, and
// counting those made this count flaky on a full run.
process.env.TMPDIR = mkdtempSync(path.join(tmpdir(), "slip-test-"));

/** The temporary upload folders left behind (each streamed photo's folder is removed after use). */
const uploadFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith("shop-upload-")).length;

describe("a 12 MB phone photo is accepted and stored shrunk", () => {
  it("through the order page's form without JavaScript", async () => {
    const order = await acceptedOrder();
    const before = uploadFolders();
    const sent = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "slip", slip: await twelveMb() },
      params: order.params,
    });
    expect(await fullNoticeOf(sent)).toMatchObject({ type: "success", message: "ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ" });
    const { status, image } = await storedSlip(order.id);
    expect(status).toBe("slip_sent");
    expect(image).not.toBeNull();
    expect(Math.max(image!.width, image!.height)).toBeLessThanOrEqual(1600);
    expect(image!.contentType).toBe("image/jpeg");
    const stored = await sharp(Buffer.from(image!.bytes)).metadata();
    expect(Math.max(stored.width, stored.height)).toBe(1600);
    // Stored as a picture of a slip, not the camera's 12 MB.
    expect(image!.bytes.length).toBeLessThan(3 * MB);
    expect(uploadFolders()).toBe(before);
  }, 60_000);

  it("through the JSON call as multipart/form-data with the file field `image`", async () => {
    const order = await acceptedOrder();
    const form = new FormData();
    form.append("image", await twelveMb(), "IMG_0001.JPG");
    const answer = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      params: order.params,
      form: { image: form.get("image") as Blob },
    });
    expect(answer).toMatchObject({ status: 200, body: { id: order.id, status: "slip_sent" } });
    const { image } = await storedSlip(order.id);
    expect(Math.max(image!.width, image!.height)).toBe(1600);
  }, 60_000);

  it("the JSON call's data URL still works as before", async () => {
    const order = await acceptedOrder();
    const small = await sharp({ create: { width: 500, height: 900, channels: 3, background: "#eef" } })
      .jpeg()
      .toBuffer();
    const answer = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      params: order.params,
      json: { image: `data:image/jpeg;base64,${small.toString("base64")}` },
    });
    expect(answer).toMatchObject({ status: 200, body: { status: "slip_sent" } });
    const { image } = await storedSlip(order.id);
    // Never enlarged.
    expect([image!.width, image!.height]).toEqual([500, 900]);
  });
});

describe("refused in Thai, nothing stored", () => {
  it("a 21 MB photo: the page answers with the reason beside the form, the JSON call 413", async () => {
    const order = await acceptedOrder();
    const before = await db().storedImage.count();
    const photo = await twentyOneMb();
    const page = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "slip", slip: photo },
      params: order.params,
    });
    expect(statusOf(page)).toBe(413);
    expect((page as { data: unknown }).data).toEqual({ form: "slip", error: TOO_BIG });
    const json = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      params: order.params,
      form: { image: photo },
    });
    expect(json).toEqual({ status: 413, body: { error: TOO_BIG } });
    expect(await db().storedImage.count()).toBe(before);
    expect((await storedSlip(order.id)).status).toBe("unpaid");
  }, 60_000);

  it("a file that is not an image (a PDF named .jpg), and a form without a file", async () => {
    const order = await acceptedOrder();
    const before = await db().storedImage.count();
    const pdf = new Blob(["%PDF-1.4\n", "x".repeat(300_000)], { type: "image/jpeg" });
    const page = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "slip", slip: pdf },
      params: order.params,
    });
    expect(statusOf(page)).toBe(400);
    expect((page as { data: unknown }).data).toEqual({ form: "slip", error: WRONG_TYPE });
    const json = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      params: order.params,
      form: { image: pdf },
    });
    expect(json).toEqual({ status: 400, body: { error: WRONG_TYPE } });
    const empty = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      params: order.params,
      form: { note: "ไม่มีไฟล์" },
    });
    expect(empty).toEqual({ status: 400, body: { error: "กรุณาเลือกรูปสลิปโอนเงิน" } });
    // A broken image (a JPEG's first bytes, then nothing that decodes).
    const broken = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]), "junk".repeat(1000)]);
    const brokenAnswer = await api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
      cookie: order.buyerCookie,
      params: order.params,
      form: { image: broken },
    });
    expect(brokenAnswer).toEqual({ status: 400, body: { error: WRONG_TYPE } });
    expect(await db().storedImage.count()).toBe(before);
    expect((await storedSlip(order.id)).status).toBe("unpaid");
  });

  it("a body that is not a form is refused on the page (a JSON body, a field with NUL)", async () => {
    const order = await acceptedOrder();
    const asJson = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      json: { intent: "slip" },
      params: order.params,
    });
    expect(statusOf(asJson)).toBe(400);
    const withNul = await callRoute(userProduct.action, `/user/product/${order.id}`, {
      cookie: order.buyerCookie,
      form: { intent: "slip\u0000" },
      params: order.params,
    });
    expect(statusOf(withNul)).toBe(400);
    expect((await storedSlip(order.id)).status).toBe("unpaid");
  });
});
