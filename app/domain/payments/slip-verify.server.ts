import { formatBahtExact } from "~/lib/format";

/**
 * An optional slip-checking service (issue 49): with SLIP_VERIFY_URL and SLIP_VERIFY_TOKEN set, the
 * shop asks it about a slip whose QR it read, in the shape of the common Thai slip-checking APIs
 * (POST { transRef, sendingBank } with the token as a Bearer; the answer's `data` holds the amount,
 * the receiver's account, often masked, and the transfer's time), and tells the tailor whether the
 * amount and the receiver match the order and the tailor's PromptPay. Nothing depends on it: without
 * the settings, or when the service fails or is slow (SLIP_VERIFY_TIMEOUT_MS, 5 s by default), the
 * slip is kept and checked by hand as before. Settings are read on every call (tests change them).
 */

export type SlipCheckResult = "match" | "mismatch" | "unavailable";

export interface SlipCheck {
  result: SlipCheckResult;
  /** What the tailor reads about it, in Thai. */
  note: string;
}

export const SLIP_VERIFY_TIMEOUT_MS = 5_000;

export function slipVerifyConfig(env: NodeJS.ProcessEnv = process.env) {
  const url = env.SLIP_VERIFY_URL?.trim();
  const token = env.SLIP_VERIFY_TOKEN?.trim();
  if (!url || !token) return null;
  const timeout = Number(env.SLIP_VERIFY_TIMEOUT_MS);
  return { url, token, timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : SLIP_VERIFY_TIMEOUT_MS };
}

const UNAVAILABLE: SlipCheck = {
  result: "unavailable",
  note: "ตรวจสอบกับบริการตรวจสลิปไม่ได้ในขณะนี้ กรุณาตรวจสอบยอดเงินในบัญชีด้วยตนเอง",
};

interface ServiceAnswer {
  data?: {
    amount?: number | { amount?: number };
    receiver?: {
      account?: { proxy?: { account?: string }; bank?: { account?: string } };
      proxy?: { account?: string };
    };
  };
}

/** The digits a masked account shows ("xxx-xxx-5678" → "5678"), in order. */
const shownDigits = (account: string) => account.replace(/[^0-9]/g, "");

/** The receiver matches when the digits the service shows are the end of the tailor's PromptPay id. */
function receiverMatches(account: string | undefined, promptpayId: string): boolean {
  if (!account) return false;
  const masked = account.replace(/[\s-]/g, "");
  if (masked.length !== promptpayId.length) {
    const digits = shownDigits(account);
    return digits.length >= 4 && promptpayId.endsWith(digits);
  }
  return [...masked].every((char, at) => !/\d/.test(char) || char === promptpayId[at]);
}

/**
 * Asks the service about a slip; null when no service is set. Any failure (network, time-out, an
 * answer that is not 2xx or not understood) is "unavailable", never an error for the buyer.
 */
export async function checkSlip(input: {
  reference: string;
  bankCode: string;
  expectedAmount: number;
  promptpayId: string | null;
}): Promise<SlipCheck | null> {
  const config = slipVerifyConfig();
  if (!config) return null;
  let answer: ServiceAnswer;
  try {
    const response = await fetch(config.url, {
      method: "POST",
      headers: { Authorization: `Bearer ${config.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ transRef: input.reference, sendingBank: input.bankCode }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) return UNAVAILABLE;
    answer = (await response.json()) as ServiceAnswer;
  } catch {
    return UNAVAILABLE;
  }
  const raw = answer.data?.amount;
  const amount = typeof raw === "number" ? raw : raw?.amount;
  if (typeof amount !== "number" || !Number.isFinite(amount)) return UNAVAILABLE;
  const receiver = answer.data?.receiver;
  const account = receiver?.account?.proxy?.account ?? receiver?.proxy?.account ?? receiver?.account?.bank?.account;
  const amountOk = Math.round(amount * 100) === Math.round(input.expectedAmount * 100);
  const receiverOk = input.promptpayId !== null && receiverMatches(account, input.promptpayId);
  if (amountOk && receiverOk)
    return { result: "match", note: `ยอดเงิน ${formatBahtExact(amount)} และบัญชีผู้รับตรงกับคำสั่งซื้อ` };
  const problems = [
    ...(amountOk
      ? []
      : [`ยอดเงินตามสลิป ${formatBahtExact(amount)} ไม่ตรงกับยอดที่ต้องชำระ ${formatBahtExact(input.expectedAmount)}`]),
    ...(receiverOk ? [] : [`บัญชีผู้รับ${account ? ` (${account})` : ""} ไม่ตรงกับพร้อมเพย์ของร้าน`]),
  ];
  return { result: "mismatch", note: problems.join(" และ") };
}
