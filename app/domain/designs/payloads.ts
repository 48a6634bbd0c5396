import { z } from "zod";
import type { CategoryKey } from "~/domain/catalogue/categories";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { findOption, type Overrides } from "~/domain/designer/selection";
import { idOf } from "~/lib/record-id";
import { BAD_PRICE, MEASUREMENTS_MESSAGES, NEED_IMAGE, PRICE_NOT_A_NUMBER } from "./messages";

/**
 * The design payloads of spec section 3 (add to cart, merchant save), checked against the
 * catalogue. Shared by the JSON calls and the designer's forms.
 */

export const MAX_PRICE = 1_000_000;

function sid(category: CategoryKey, name: string) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value))
    .refine((value) => value === null || findOption(value)?.category === category, {
      message: `ไม่พบ${name}ที่เลือกในรายการ`,
    });
}

const booleanLike = z
  .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal("on"), z.literal(""), z.null()])
  .optional()
  .transform((value) => value === true || value === "true" || value === "on");

const overrideSchema = z.object({
  left: z.number().min(-500).max(1000).optional(),
  top: z.number().min(-500).max(1000).optional(),
  scaleX: z.number().min(0.2).max(5).optional(),
  scaleY: z.number().min(0.2).max(5).optional(),
});
const BAD_LAYOUT = "ตำแหน่งหรือขนาดของชิ้นส่วนไม่ถูกต้อง";
const LAYER_KEY = /^(neck|placket|seam|bag|side|arm|hem)(_flipped)?$/;

/** Canvas overrides: only drawn parts (never the shirt), numbers in range. */
export const overridesSchema = z
  .record(z.string().regex(LAYER_KEY, BAD_LAYOUT), overrideSchema, { error: BAD_LAYOUT })
  .optional()
  .transform((value): Overrides => value ?? {});

export const partsShape = {
  baseId: z
    .string({ error: "กรุณาเลือกแบบเสื้อ" })
    .refine((value) => findOption(value)?.category === "shirt", { message: "กรุณาเลือกแบบเสื้อ" }),
  collarId: sid("neck", "คอเสื้อ"),
  placketId: sid("placket", "สาบเสื้อ"),
  shoulderId: sid("seam", "ตะเข็บไหล่"),
  pocketId: sid("bag", "กระเป๋า"),
  sideId: sid("side", "ผ่าข้าง"),
  armId: sid("arm", "ปลายแขน"),
  hemId: sid("hem", "ชายเสื้อ"),
  colorId: sid("color", "สี"),
  fabricId: sid("fabric", "ชนิดผ้า"),
  threadId: sid("thread", "ชนิดด้าย"),
  isTTape: booleanLike,
  sizeId: sid("size", "ขนาด"),
};

/** A whole number of at least 1 (no upper bound beyond sanity). */
export const quantitySchema = z.coerce
  .number({ error: "จำนวนต้องเป็นตัวเลข" })
  .int("จำนวนต้องเป็นจำนวนเต็ม")
  .min(1, "จำนวนต้องมีอย่างน้อย 1 ตัว")
  .max(100_000, "จำนวนมากเกินไป");

/** Design price: at least 0; anything that is not a number counts as 0 (spec section 5). */
export function parsePrice(value: unknown): number {
  if (value === null || value === undefined || value === "") return 0;
  const number = typeof value === "number" ? value : Number(String(value).trim());
  if (!Number.isFinite(number)) return 0;
  return Math.round(number * 100) / 100;
}

/** The page forms' design price (spec section 5: non-numeric becomes 0). */
export const priceSchema = z
  .unknown()
  .transform(parsePrice)
  .refine((price) => price >= 0 && price <= MAX_PRICE, { message: BAD_PRICE });

/**
 * A design price sent as JSON (decision 46): a number, or text that reads as one, like today;
 * anything else (true, null, {}, [], "", "สองร้อย") is refused instead of becoming 0.
 */
export function parseJsonPrice(value: unknown): number | null {
  const text = typeof value === "string" ? value.trim() : null;
  if (typeof value !== "number" && !text) return null;
  const number = typeof value === "number" ? value : Number(text);
  return Number.isFinite(number) ? Math.round(number * 100) / 100 : null;
}

export const jsonPriceSchema = z.unknown().transform((value, context) => {
  const price = parseJsonPrice(value);
  if (price !== null && price >= 0 && price <= MAX_PRICE) return price;
  context.addIssue({ code: "custom", message: price === null ? PRICE_NOT_A_NUMBER : BAD_PRICE, input: value });
  return z.NEVER;
});

/** A measurement profile's id, from a form (text) or JSON (a number); blank is none. */
export const profileIdSchema = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value, context): number | null => {
    if (value === null || value === undefined || value === "") return null;
    const id = idOf(value);
    if (id !== null) return id;
    context.addIssue({ code: "custom", message: MEASUREMENTS_MESSAGES.profileNotFound });
    return z.NEVER;
  });

/**
 * POST /api/design by a customer: a design and a cart item. It needs a size (nothing enters the
 * cart without one); the size cut to measure needs one of the customer's profiles
 * (`measurementProfileId`); with a ready size any profile sent is dropped.
 */
export const cartDesignSchema = z
  .object({
    ...partsShape,
    quantity: quantitySchema.optional().default(1),
    image: z.string().optional().nullable(),
    layout: overridesSchema,
    measurementProfileId: profileIdSchema,
  })
  .transform((design, context) => {
    if (design.sizeId === null) {
      context.addIssue({ code: "custom", path: ["sizeId"], message: SIZE_MESSAGES.required });
      return z.NEVER;
    }
    const sizeId: string = design.sizeId;
    if (sizeId !== CUSTOM_SIZE) return { ...design, sizeId, measurementProfileId: null };
    if (design.measurementProfileId === null)
      context.addIssue({
        code: "custom",
        path: ["measurementProfileId"],
        message: MEASUREMENTS_MESSAGES.chooseProfile,
      });
    return { ...design, sizeId };
  });

/** POST /api/design (or PUT /api/design/merchant/{id}) by a tailor from the designer. */
export const merchantDesignSchema = z.object({
  ...partsShape,
  price: priceSchema.optional().transform((value) => value ?? 0),
  image: z.string({ error: NEED_IMAGE }).min(1, NEED_IMAGE),
  type: z.literal("design").optional(),
  status: z.literal("approved").optional(),
  layout: overridesSchema,
});

/** POST /api/design and PUT /api/design/merchant/{id} by a tailor: the same, its price as JSON. */
export const merchantDesignJsonSchema = merchantDesignSchema.extend({
  price: jsonPriceSchema.optional().transform((value) => value ?? 0),
});

/** PUT /api/design/merchant/{id} with a sample photo. */
export const sampleUploadSchema = z.object({
  type: z.literal("upload"),
  image: z.string({ error: "กรุณาเลือกไฟล์รูปภาพ" }).min(1, "กรุณาเลือกไฟล์รูปภาพ"),
  price: jsonPriceSchema.optional(),
  status: z.literal("pending").optional(),
});

/** PUT /api/design/merchant/{id} with only a new price (which it must send). */
export const priceUpdateSchema = z.object({ price: jsonPriceSchema });
