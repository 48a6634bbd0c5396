import jsQR from "jsqr";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { transitionOrder } from "~/domain/orders/transitions.server";
import { promptPayPayload } from "~/domain/payments/promptpay-qr.server";
import * as apiOrder from "~/routes/orders/api.order";
import * as apiQr from "~/routes/orders/api.order-payment-qr";
import { callJson as api, callRoute } from "../../support/requests";
import { createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/*
 * Issue 45, "a QR a phone can use": `promptpay.qrUrl` answers a PNG of at least 600 px (an <img> a
 * phone's long-press saves, a download named .png) to the order's buyer and tailor only, kept by
 * no shared cache.
 */

let ids: { orderId: number; buyerCookie: string; tailorCookie: string; otherBuyer: string; otherTailor: string };

beforeAll(async () => {
  const tailor = await createTestUser({ roles: ["merchant"] });
  await db().user.update({
    where: { id: tailor.id },
    data: { promptpayId: "0812345678", promptpayName: "ร้านผ้าทอคิวอาร์" },
  });
  const { buyer, order } = await makeOrder({ status: "ordered", tailor, unitPrice: 400 });
  await transitionOrder({
    orderId: order.id,
    to: "accepted",
    actor: { id: tailor.id, roles: tailor.roles },
    as: "merchant",
  });
  ids = {
    orderId: order.id,
    buyerCookie: await sessionCookieFor(buyer.id),
    tailorCookie: await sessionCookieFor(tailor.id),
    otherBuyer: await sessionCookieFor((await createTestUser()).id),
    otherTailor: await sessionCookieFor((await createTestUser({ roles: ["merchant"] })).id),
  };
});

describe("the QR code as a PNG", () => {
  it("promptpay.qrUrl in the order JSON answers the buyer an image/png of at least 600 px that reads back as the payload", async () => {
    const { orderId, buyerCookie, tailorCookie } = ids;
    const params = { id: String(orderId) };
    const detail = await api(apiOrder.loader, `/api/orders/${orderId}`, { cookie: buyerCookie, params });
    const promptpay = (detail.body as { payment: { promptpay: { qrUrl: string; payload: string } } }).payment.promptpay;
    expect(promptpay.qrUrl).toBe(`/api/orders/${orderId}/payment/qr.png`);
    expect(promptpay.payload).toBe(promptPayPayload("0812345678", 400));

    for (const cookie of [buyerCookie, tailorCookie]) {
      const answer = (await callRoute(apiQr.loader, promptpay.qrUrl, { cookie, params })) as Response;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe("image/png");
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
      const png = Buffer.from(await answer.arrayBuffer());
      const meta = await sharp(png).metadata();
      expect(meta.format).toBe("png");
      expect(meta.width).toBeGreaterThanOrEqual(600);
      expect(meta.height).toBe(meta.width);
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
      expect(read?.data).toBe(promptpay.payload);
    }

    const download = (await callRoute(apiQr.loader, `${promptpay.qrUrl}?download=1`, {
      cookie: buyerCookie,
      params,
    })) as Response;
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="promptpay-order-${orderId}.png"`);
  });

  it("another customer and another tailor get 403, a missing order 404, a visitor 401", async () => {
    const { orderId, buyerCookie } = ids;
    const path = `/api/orders/${orderId}/payment/qr.png`;
    const params = { id: String(orderId) };
    const call = async (cookie: string | undefined, at = path, p = params) =>
      ((await callRoute(apiQr.loader, at, { cookie, params: p })) as Response).status;
    expect(await call(ids.otherBuyer)).toBe(403);
    expect(await call(ids.otherTailor)).toBe(403);
    expect(await call(buyerCookie, "/api/orders/999999/payment/qr.png", { id: "999999" })).toBe(404);
    expect(await call(undefined)).toBe(401);
  });
});
