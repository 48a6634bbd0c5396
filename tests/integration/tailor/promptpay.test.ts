import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { PROMPTPAY_MESSAGES } from "~/domain/payments/promptpay";
import { action, loader } from "~/routes/tailor/pricing";
import { callRoute, isDataWithResponseInit, locationOf, noticeOf, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";

type Fn = Parameters<typeof callRoute>[0];
const page = { loader: loader as unknown as Fn, action: action as unknown as Fn };

async function accountOf(id: number) {
  return db().user.findUniqueOrThrow({ where: { id }, select: { promptpayId: true, promptpayName: true } });
}

function fieldErrorsOf(result: unknown): Record<string, string[] | null> {
  if (!isDataWithResponseInit(result)) throw new Error("not a refusal");
  return (result.data as { result: { error: Record<string, string[] | null> } }).result.error;
}

describe("the tailor's PromptPay account, on the pricing page", () => {
  it("is saved as digits and shown grouped; clearing both fields removes it", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    const saved = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: { intent: "promptpay", promptpayId: "081 234 5678", promptpayName: "สมศรี ทอผ้างาม" },
    });
    expect(locationOf(saved)).toBe("/merchant/pricing");
    expect(await noticeOf(saved)).toEqual({ type: "success", message: PROMPTPAY_MESSAGES.saved });
    expect(await accountOf(tailor.user.id)).toEqual({ promptpayId: "0812345678", promptpayName: "สมศรี ทอผ้างาม" });
    const shown = (await callRoute(page.loader, "/merchant/pricing", { cookie: tailor.cookie })) as {
      promptPay: unknown;
    };
    expect(shown.promptPay).toEqual({ promptpayId: "0812345678", promptpayName: "สมศรี ทอผ้างาม" });

    const cleared = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: { intent: "promptpay", promptpayId: "", promptpayName: "" },
    });
    expect(await noticeOf(cleared)).toEqual({ type: "success", message: PROMPTPAY_MESSAGES.removed });
    expect(await accountOf(tailor.user.id)).toEqual({ promptpayId: null, promptpayName: null });
  });

  it("a 13-digit id with a wrong check digit, or a name without an id, is refused beside its field and nothing changes", async () => {
    const tailor = await signedIn({ roles: ["merchant"] });
    await db().user.update({
      where: { id: tailor.user.id },
      data: { promptpayId: "0812345678", promptpayName: "เดิม" },
    });
    const wrongDigit = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: { intent: "promptpay", promptpayId: "1-1037-02071-56-2", promptpayName: "ร้านใหม่" },
    });
    expect(statusOf(wrongDigit)).toBe(400);
    expect(fieldErrorsOf(wrongDigit).promptpayId).toEqual([PROMPTPAY_MESSAGES.idCheckDigit]);
    const nameOnly = await callRoute(page.action, "/merchant/pricing", {
      cookie: tailor.cookie,
      form: { intent: "promptpay", promptpayId: "", promptpayName: "ร้านใหม่" },
    });
    expect(fieldErrorsOf(nameOnly).promptpayId).toEqual([PROMPTPAY_MESSAGES.idRequired]);
    expect(await accountOf(tailor.user.id)).toEqual({ promptpayId: "0812345678", promptpayName: "เดิม" });
  });

  it("only a tailor sets one, and only their own", async () => {
    const customer = await signedIn({ roles: ["user"] });
    const refused = await callRoute(page.action, "/merchant/pricing", {
      cookie: customer.cookie,
      form: { intent: "promptpay", promptpayId: "0812345678", promptpayName: "ไม่ใช่ช่าง" },
    });
    expect(locationOf(refused)).toBe("/");
    expect(await accountOf(customer.user.id)).toEqual({ promptpayId: null, promptpayName: null });
    expect(locationOf(await callRoute(page.action, "/merchant/pricing", { form: { intent: "promptpay" } }))).toMatch(
      /^\/login/,
    );
  });
});
