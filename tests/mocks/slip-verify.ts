import { delay, HttpResponse, http } from "msw";

/**
 * A Thai slip-checking service played by MSW (issue 49): POST { transRef, sendingBank } with a Bearer
 * token, answered in the common services' shape ({ data: { amount: { amount }, receiver: { account:
 * { proxy: { account } } } } }). Each slip's answer is set by the test (`answers`), by reference:
 * a transfer of some amount to some account, a failure (500), or a reply slower than the shop waits.
 */

export const SLIP_VERIFY_URL = "http://slip-check.test/api/v1/verify";
export const SLIP_VERIFY_TOKEN = "test-slip-token";

export type SlipAnswer = { amount: number; receiver: string } | "failure" | "slow";

export function createSlipVerifyMock() {
  const answers = new Map<string, SlipAnswer>();
  const calls: { transRef: string; sendingBank: string; authorization: string | null }[] = [];
  const handlers = [
    http.post(SLIP_VERIFY_URL, async ({ request }) => {
      const body = (await request.json()) as { transRef: string; sendingBank: string };
      calls.push({ ...body, authorization: request.headers.get("Authorization") });
      if (request.headers.get("Authorization") !== `Bearer ${SLIP_VERIFY_TOKEN}`)
        return HttpResponse.json({ message: "unauthorized" }, { status: 401 });
      const answer = answers.get(body.transRef);
      if (!answer) return HttpResponse.json({ message: "slip_not_found" }, { status: 404 });
      if (answer === "failure") return HttpResponse.json({ message: "server_error" }, { status: 500 });
      if (answer === "slow") await delay(5_000);
      if (typeof answer === "string") return HttpResponse.json({ status: 200, data: {} });
      return HttpResponse.json({
        status: 200,
        data: {
          transRef: body.transRef,
          date: new Date().toISOString(),
          amount: { amount: answer.amount, local: { amount: 0, currency: "" } },
          receiver: { account: { name: { th: "ร้านผ้าทอ" }, proxy: { type: "MSISDN", account: answer.receiver } } },
        },
      });
    }),
  ];
  return { handlers, answers, calls };
}
