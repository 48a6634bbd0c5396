import { z } from "zod";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { cashOnDeliveryValue, depositPercentValue } from "~/domain/payments/deposit-form";
import type { DepositTerms } from "~/domain/payments/deposit-terms";
import {
  categoryOfSid,
  PRICED_CATEGORIES,
  PRICING_MAP_BY_CATEGORY,
  PRICING_MAP_KEYS,
  type PricingMapKey,
} from "./part-prices";
import { PRICE_MESSAGES, priceProblem } from "./price-text";
import type { ShippingTerms } from "./shipping";
import { leadTimeValue, shippingFeeValue } from "./shipping-form";

/** A price in the JSON call: a number, or null to stop offering the part. */
const apiPrice = z
  .union([z.number({ error: PRICE_MESSAGES.notNumber }), z.null()], { error: PRICE_MESSAGES.notNumber })
  .superRefine((value, context) => {
    if (value === null) return;
    const problem = priceProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** PATCH /api/merchants/pricing: any of the eight maps and customSizePrice; only the named parts change. */
export const pricingPatchSchema = z
  .strictObject(
    {
      ...(Object.fromEntries(PRICING_MAP_KEYS.map((key) => [key, z.record(z.string(), apiPrice).optional()])) as Record<
        PricingMapKey,
        z.ZodOptional<z.ZodRecord<z.ZodString, typeof apiPrice>>
      >),
      customSizePrice: apiPrice.optional(),
      // Beside the eight maps (issue 45): whole baht 0 to 1,000, whole days 1 to 90.
      shippingFee: shippingFeeValue.optional(),
      leadTimeDays: leadTimeValue.optional(),
      // The deposit terms (issue 49): 0, 30 or 50 percent, and cash on delivery for the balance.
      depositPercent: depositPercentValue.optional(),
      cashOnDelivery: cashOnDeliveryValue.optional(),
    },
    {
      error: `ข้อมูลราคาไม่ถูกต้อง: ใช้ได้เฉพาะ ${[...PRICING_MAP_KEYS, "customSizePrice", "shippingFee", "leadTimeDays", "depositPercent", "cashOnDelivery"].join(", ")}`,
    },
  )
  .superRefine((body, context) => {
    for (const category of PRICED_CATEGORIES) {
      const key = PRICING_MAP_BY_CATEGORY[category];
      for (const sid of Object.keys(body[key] ?? {})) {
        if (categoryOfSid.get(sid) !== category)
          context.addIssue({ code: "custom", path: [key, sid], message: `ไม่พบชิ้นส่วน "${sid}" ใน ${key}` });
      }
    }
  });

export type PricingPatch = z.infer<typeof pricingPatchSchema>;

/** Flattens a patch to sid → price (null: remove). */
export function patchChanges(patch: PricingPatch): Map<string, number | null> {
  const changes = new Map<string, number | null>();
  for (const key of PRICING_MAP_KEYS) {
    for (const [sid, price] of Object.entries(patch[key] ?? {})) changes.set(sid, price);
  }
  if (patch.customSizePrice !== undefined) changes.set(CUSTOM_SIZE, patch.customSizePrice);
  return changes;
}

/** The shipping fee, lead time and deposit terms a patch sets (only those it names). */
export function patchTerms(patch: PricingPatch): Partial<ShippingTerms & DepositTerms> {
  return {
    ...(patch.shippingFee !== undefined ? { shippingFee: patch.shippingFee } : {}),
    ...(patch.leadTimeDays !== undefined ? { leadTimeDays: patch.leadTimeDays } : {}),
    ...(patch.depositPercent !== undefined ? { depositPercent: patch.depositPercent } : {}),
    ...(patch.cashOnDelivery !== undefined ? { cashOnDelivery: patch.cashOnDelivery } : {}),
  };
}
