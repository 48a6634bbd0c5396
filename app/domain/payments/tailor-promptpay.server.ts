import { db } from "~/data/db.server";
import type { DepositTerms } from "./deposit-terms";

/** A tailor's PromptPay account (app/domain/payments/promptpay.ts), or nulls when not set. */
export interface TailorPromptPay {
  promptpayId: string | null;
  promptpayName: string | null;
}

/** Saves both fields as checked by promptPayFormSchema (both null: no PromptPay). */
export async function saveTailorPromptPay(merchantId: number, account: TailorPromptPay): Promise<void> {
  await db().user.update({
    where: { id: merchantId },
    data: { promptpayId: account.promptpayId, promptpayName: account.promptpayName },
  });
}

/** A tailor's deposit terms (issue 49): the percent asked first and whether the balance may come on delivery. */
export async function getDepositTerms(merchantId: number): Promise<DepositTerms> {
  const row = await db().user.findUniqueOrThrow({
    where: { id: merchantId },
    select: { depositPercent: true, cashOnDelivery: true },
  });
  return { depositPercent: row.depositPercent as DepositTerms["depositPercent"], cashOnDelivery: row.cashOnDelivery };
}

/** Saves the terms as checked by depositFormSchema (orders already taken keep theirs). */
export async function saveDepositTerms(merchantId: number, terms: DepositTerms): Promise<void> {
  await db().user.update({ where: { id: merchantId }, data: terms });
}
