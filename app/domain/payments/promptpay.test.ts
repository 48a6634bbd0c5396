import { describe, expect, it } from "vitest";
import { formatPromptPayId, PROMPTPAY_MESSAGES, promptPayIdProblem, thirteenDigitIdIsValid } from "./promptpay";
import { promptPayFormSchema } from "./promptpay-form";

describe("a PromptPay id", () => {
  it("is a Thai mobile number: 10 digits starting 06, 08 or 09", () => {
    expect(promptPayIdProblem("0812345678")).toBeNull();
    expect(promptPayIdProblem("0612345678")).toBeNull();
    expect(promptPayIdProblem("0912345678")).toBeNull();
    // A landline, a number one digit short or long, a leading 66 instead of 0.
    for (const wrong of ["0212345678", "081234567", "08123456789", "66812345678", ""])
      expect(promptPayIdProblem(wrong)).toBe("format");
  });

  it("or a 13-digit citizen or tax id whose last digit checks the other twelve", () => {
    // 1-1037-02071-56-1: the first twelve digits × 13 … 2 add up to 198, 198 mod 11 = 0, (11 − 0) mod 10 = 1.
    expect(thirteenDigitIdIsValid("1103702071561")).toBe(true);
    expect(promptPayIdProblem("1103702071561")).toBeNull();
    // The check digit is 0 when 11 − (sum mod 11) is 10: 1-0000-00000-00-5 … adds up to 23, 23 mod 11 = 1.
    expect(thirteenDigitIdIsValid("1000000000050")).toBe(true);
    expect(thirteenDigitIdIsValid("1000000000051")).toBe(false);
    // Any other last digit, or two digits swapped, fails the check.
    for (const last of "023456789") expect(promptPayIdProblem(`110370207156${last}`)).toBe("checkDigit");
    expect(promptPayIdProblem("1130702071561")).toBe("checkDigit");
  });

  it("is shown grouped as people read it", () => {
    expect(formatPromptPayId("0812345678")).toBe("081-234-5678");
    expect(formatPromptPayId("1103702071561")).toBe("1-1037-02071-56-1");
  });
});

describe("the tailor's PromptPay form", () => {
  const parse = (input: Record<string, string>) => promptPayFormSchema().safeParse(input);
  const messages = (input: Record<string, string>) => {
    const result = parse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  };

  it("keeps the digits of the id and the name", () => {
    expect(parse({ promptpayId: " 081-234 5678 ", promptpayName: " ร้านสมศรีผ้าทอ " }).data).toEqual({
      promptpayId: "0812345678",
      promptpayName: "ร้านสมศรีผ้าทอ",
    });
  });

  it("both empty is no PromptPay at all", () => {
    expect(parse({ promptpayId: "", promptpayName: "" }).data).toEqual({ promptpayId: null, promptpayName: null });
    expect(parse({}).data).toEqual({ promptpayId: null, promptpayName: null });
  });

  it("refuses one without the other, a wrong number and a wrong check digit, in Thai", () => {
    expect(messages({ promptpayId: "0812345678", promptpayName: "" })).toEqual([
      `promptpayName: ${PROMPTPAY_MESSAGES.nameRequired}`,
    ]);
    expect(messages({ promptpayId: "", promptpayName: "สมศรี" })).toEqual([
      `promptpayId: ${PROMPTPAY_MESSAGES.idRequired}`,
    ]);
    expect(messages({ promptpayId: "02-123-4567", promptpayName: "สมศรี" })).toEqual([
      `promptpayId: ${PROMPTPAY_MESSAGES.idFormat}`,
    ]);
    expect(messages({ promptpayId: "1103702071562", promptpayName: "สมศรี" })).toEqual([
      `promptpayId: ${PROMPTPAY_MESSAGES.idCheckDigit}`,
    ]);
    expect(messages({ promptpayId: "0812345678", promptpayName: "ก".repeat(101) })).toEqual([
      `promptpayName: ${PROMPTPAY_MESSAGES.nameTooLong}`,
    ]);
  });
});
