import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSlipVerifyMock, SLIP_VERIFY_TOKEN, SLIP_VERIFY_URL } from "../../mocks/slip-verify";
import { newReference, slipBlob } from "../../support/slips";
import { acceptedOrder, paymentOf, sendSlipFile, tailorPaymentStep } from "./payment-support";

/**
 * An optional slip-checking service (issue 49), played by MSW: with SLIP_VERIFY_URL and
 * SLIP_VERIFY_TOKEN set, a slip whose QR was read is checked, and the tailor sees whether the amount
 * and the receiver match; a failing or slow service, or none, leaves the slip to be checked by hand,
 * and the slip is taken every time.
 */

const mock = createSlipVerifyMock();
const server = setupServer(...mock.handlers);
beforeAll(() => server.listen({ onUnhandledFrame: "error" }));
afterAll(() => server.close());
beforeEach(() => {
  mock.answers.clear();
  mock.calls.length = 0;
  process.env.SLIP_VERIFY_URL = SLIP_VERIFY_URL;
  process.env.SLIP_VERIFY_TOKEN = SLIP_VERIFY_TOKEN;
  process.env.SLIP_VERIFY_TIMEOUT_MS = "300";
});
afterEach(() => {
  delete process.env.SLIP_VERIFY_URL;
  delete process.env.SLIP_VERIFY_TOKEN;
  delete process.env.SLIP_VERIFY_TIMEOUT_MS;
});

/** An order of 800 baht, a slip with a QR of a new reference, and the service's answer for it. */
async function sendCheckedSlip(answer: Parameters<typeof mock.answers.set>[1] | null) {
  const order = await acceptedOrder({ unitPrice: 800 });
  const reference = newReference();
  if (answer) mock.answers.set(reference, answer);
  const sent = await sendSlipFile(order, await slipBlob({ bankCode: "014", reference }));
  expect(sent.status).toBe(200);
  const payment = await paymentOf(order);
  return { order, reference, payment: payment.body as { status: string; slip: { reference: string; check: unknown } } };
}

describe("a slip-checking service, when one is set up", () => {
  it("match: the amount and the tailor's PromptPay (masked) agree", async () => {
    const { reference, payment } = await sendCheckedSlip({ amount: 800, receiver: "xxx-xxx-5678" });
    expect(mock.calls).toEqual([
      { transRef: reference, sendingBank: "014", authorization: `Bearer ${SLIP_VERIFY_TOKEN}` },
    ]);
    expect(payment.slip.check).toEqual({ result: "match", note: "ยอดเงิน 800.00 บาท และบัญชีผู้รับตรงกับคำสั่งซื้อ" });
  });

  it("mismatch: another amount and another receiver are both named; the slip is still kept for the tailor", async () => {
    const { order, payment } = await sendCheckedSlip({ amount: 80, receiver: "xxx-xxx-9999" });
    expect(payment.status).toBe("slip_sent");
    expect(payment.slip.check).toEqual({
      result: "mismatch",
      note: "ยอดเงินตามสลิป 80.00 บาท ไม่ตรงกับยอดที่ต้องชำระ 800.00 บาท และบัญชีผู้รับ (xxx-xxx-9999) ไม่ตรงกับพร้อมเพย์ของร้าน",
    });
    // The tailor decides, as before.
    expect((await tailorPaymentStep(order, "reject", "ยอดเงินไม่ตรง")).status).toBe(200);
  });

  it("failure and time-out: the slip is taken and left to be checked by hand", async () => {
    const unavailable = {
      result: "unavailable",
      note: "ตรวจสอบกับบริการตรวจสลิปไม่ได้ในขณะนี้ กรุณาตรวจสอบยอดเงินในบัญชีด้วยตนเอง",
    };
    const failed = await sendCheckedSlip("failure");
    expect(failed.payment).toMatchObject({ status: "slip_sent", slip: { check: unavailable } });
    const started = Date.now();
    const slow = await sendCheckedSlip("slow");
    expect(slow.payment).toMatchObject({ status: "slip_sent", slip: { check: unavailable } });
    // The shop did not wait for the service's five seconds.
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe("without a checking service", () => {
  it("no call is made, the slip is taken and read as before (check null); a slip without a QR is never sent to a service", async () => {
    delete process.env.SLIP_VERIFY_URL;
    const { payment } = await sendCheckedSlip(null);
    expect(payment.slip).toMatchObject({ reference: expect.any(String), check: null });
    process.env.SLIP_VERIFY_URL = SLIP_VERIFY_URL;
    const order = await acceptedOrder();
    expect((await sendSlipFile(order, await slipBlob(null))).status).toBe(200);
    expect(mock.calls).toEqual([]);
    expect(((await paymentOf(order)).body as { slip: { check: unknown } }).slip.check).toBeNull();
  });
});
