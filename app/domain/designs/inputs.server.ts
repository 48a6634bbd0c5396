import type { z } from "zod";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import type { DesignParts } from "~/domain/designer/selection";
import { DomainError } from "~/domain/errors";
import { decodeCanvasPng, decodePhotoDataUrl } from "~/domain/images/sniff";
import type { DesignInput } from "./designs.server";
import { MEASUREMENTS_MESSAGES } from "./messages";
import {
  cartDesignSchema,
  merchantDesignJsonSchema,
  merchantDesignSchema,
  priceUpdateSchema,
  sampleUploadSchema,
} from "./payloads";

/** Turns a JSON body or a designer form into checked design input; bad input throws a Thai DomainError. */

export const BAD_DATA = "ข้อมูลที่ส่งมาไม่ถูกต้อง";

function parse<Schema extends z.ZodType>(schema: Schema, values: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    // zod's own English messages (wrong types, unknown keys) become the general Thai one.
    const message = parsed.error.issues[0]?.message ?? "";
    throw new DomainError("bad_input", /[\u0E00-\u0E7F]/.test(message) ? message : BAD_DATA);
  }
  return parsed.data;
}

function partsFrom(values: DesignParts): DesignParts {
  const {
    baseId,
    collarId,
    placketId,
    shoulderId,
    pocketId,
    sideId,
    armId,
    hemId,
    colorId,
    fabricId,
    threadId,
    isTTape,
    sizeId,
  } = values;
  return {
    baseId,
    collarId,
    placketId,
    shoulderId,
    pocketId,
    sideId,
    armId,
    hemId,
    colorId,
    fabricId,
    threadId,
    isTTape,
    sizeId,
  };
}

/** A customer's design for the cart: its size is required (the item is cut to it). */
export function parseCartDesign(
  values: unknown,
): DesignInput & { quantity: number; sizeId: string; measurementProfileId: number | null } {
  const data = parse(cartDesignSchema, values);
  return {
    sizeId: data.sizeId,
    parts: partsFrom(data),
    layout: data.layout,
    quantity: data.quantity,
    canvasPng: data.image ? decodeCanvasPng(data.image) : null,
    measurementProfileId: data.measurementProfileId,
  };
}

/** A tailor's design from the designer. The JSON call must send the canvas picture; a form without one is drawn by the server. */
export function parseMerchantDesign(
  values: unknown,
  options: { imageRequired: boolean },
): DesignInput & { price: number } {
  const source = values as Record<string, unknown>;
  const withImage = options.imageRequired ? source : { ...source, image: source.image || "server" };
  // The JSON calls (which must send the picture) refuse a price that is not a number; the page
  // form keeps the spec's "non-numeric becomes 0" (decision 46).
  const data = parse(options.imageRequired ? merchantDesignJsonSchema : merchantDesignSchema, withImage);
  // A shop's design is bought by anyone: it cannot be cut to one customer's measurements.
  if (data.sizeId === CUSTOM_SIZE) throw new DomainError("bad_input", MEASUREMENTS_MESSAGES.notForShopDesigns);
  const canvasPng = data.image === "server" && !options.imageRequired ? null : decodeCanvasPng(data.image);
  return { parts: partsFrom(data), layout: data.layout, price: data.price, canvasPng };
}

export type MerchantDesignChange =
  | { kind: "upload"; photo: Uint8Array; price?: number }
  | { kind: "price"; price: number }
  | { kind: "design"; input: DesignInput & { price: number } };

/** PUT /api/design/merchant/{id}: a sample photo, a new price, or the design edited in the designer. */
export function parseMerchantChange(values: unknown): MerchantDesignChange {
  if (typeof values !== "object" || values === null) throw new DomainError("bad_input", BAD_DATA);
  const body = values as Record<string, unknown>;
  if (body.type === "upload") {
    const data = parse(sampleUploadSchema, body);
    return { kind: "upload", photo: decodePhotoDataUrl(data.image), price: data.price };
  }
  if ("baseId" in body) return { kind: "design", input: parseMerchantDesign(body, { imageRequired: true }) };
  return { kind: "price", price: parse(priceUpdateSchema, body).price };
}

/** A designer form's fields as the payload shape (layout arrives as JSON text). */
export function valuesOfForm(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  if (typeof values.layout === "string") {
    try {
      values.layout = values.layout ? JSON.parse(values.layout) : undefined;
    } catch {
      throw new DomainError("bad_input", BAD_DATA);
    }
  }
  return values;
}
