import { expect } from "vitest";
import { db } from "~/data/db.server";
import * as apiPayment from "~/routes/orders/api.order-payment";
import * as apiSlip from "~/routes/orders/api.order-payment-slip";
import * as merchantOrder from "~/routes/orders/merchant-order";
import { callJson as api, callRoute, fullNoticeOf, isDataWithResponseInit, statusOf } from "../../support/requests";
import { type createTestUser, sessionCookieFor } from "../../support/users";
import { makeOrder } from "./support";

/**
 * Orders taken and paid through the shop's own calls (issue 49's tests): the tailor with a PromptPay
 * account accepts on their page; the buyer sends slips by the JSON call; the tailor steps by PATCH.
 */

/** An order its tailor has accepted (so it is due for payment), of a buyer and tailor given or new ones. */
export async function acceptedOrder(
  options: {
    buyer?: Awaited<ReturnType<typeof createTestUser>>;
    tailor?: Awaited<ReturnType<typeof createTestUser>>;
    unitPrice?: number;
    setup?: (tailorId: number) => Promise<void>;
  } = {},
) {
  const made = await makeOrder({
    status: "ordered",
    quantity: 1,
    unitPrice: options.unitPrice ?? 800,
    buyer: options.buyer,
    tailor: options.tailor,
  });
  await db().user.update({
    where: { id: made.tailor.id },
    data: { promptpayId: "0812345678", promptpayName: "ร้านผ้าทอทดสอบ" },
  });
  await options.setup?.(made.tailor.id);
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
    buyer: made.buyer,
    tailor: made.tailor,
    buyerCookie: await sessionCookieFor(made.buyer.id),
    tailorCookie,
  };
}

export type PayableOrder = Awaited<ReturnType<typeof acceptedOrder>>;

/** The buyer sends a slip picture as the JSON call's multipart file. */
export function sendSlipFile(order: PayableOrder, picture: Blob) {
  return api(apiSlip.action, `/api/orders/${order.id}/payment/slip`, {
    cookie: order.buyerCookie,
    params: order.params,
    form: { image: picture },
  });
}

/** GET /api/orders/{id}/payment, as the tailor unless another cookie is given. */
export function paymentOf(order: PayableOrder, cookie = order.tailorCookie) {
  return api(apiPayment.loader, `/api/orders/${order.id}/payment`, { cookie, params: order.params });
}

/** PATCH /api/orders/{id}/payment as the order's tailor. */
export function tailorPaymentStep(order: PayableOrder, action: string, reason?: string) {
  return api(apiPayment.action, `/api/orders/${order.id}/payment`, {
    method: "PATCH",
    cookie: order.tailorCookie,
    json: { action, reason },
    params: order.params,
  });
}

/** A page loader's answer: its status (statusOf) and its data, or the message it refused with. */
export async function pageAnswer(run: () => Promise<unknown>): Promise<{ status: number; data: unknown }> {
  const result = await run();
  if (result instanceof Response) return { status: result.status, data: await result.text() };
  return { status: statusOf(result), data: isDataWithResponseInit(result) ? result.data : result };
}
