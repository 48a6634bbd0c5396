import { db } from "~/data/db.server";

/** A tailor's PromptPay account (app/domain/payments/promptpay.ts), or nulls when not set. */
export interface TailorPromptPay {
  promptpayId: string | null;
  promptpayName: string | null;
}

export async function getTailorPromptPay(merchantId: number): Promise<TailorPromptPay> {
  return db().user.findUniqueOrThrow({
    where: { id: merchantId },
    select: { promptpayId: true, promptpayName: true },
  });
}

/** Saves both fields as checked by promptPayFormSchema (both null: no PromptPay). */
export async function saveTailorPromptPay(merchantId: number, account: TailorPromptPay): Promise<void> {
  await db().user.update({
    where: { id: merchantId },
    data: { promptpayId: account.promptpayId, promptpayName: account.promptpayName },
  });
}
