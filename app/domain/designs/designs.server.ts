import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { choiceOf, type DesignParts, type Overrides, shirtLabel } from "~/domain/designer/selection";
import { DomainError } from "~/domain/errors";
import { renderDesignPng } from "~/domain/images/render.server";
import { type PreparedImage, prepareDesignPng, prepareUploadedPhoto, storeImage } from "~/domain/images/store.server";
import { designImageUrl } from "~/domain/images/urls";
import { createCartItem } from "~/domain/orders/cart-item.server";
import { MEASUREMENTS_MESSAGES } from "./messages";
import { DESIGN_PART_SELECT } from "./part-select";

/** Designs: made in the designer (by customers for their cart, by tailors as popular designs) or uploaded samples. */

export const DESIGN_NOT_FOUND = "ไม่พบแบบเสื้อ";
export const NOT_YOUR_DESIGN = "คุณไม่มีสิทธิ์แก้ไขแบบเสื้อนี้";

export interface DesignInput {
  parts: DesignParts;
  layout: Overrides;
  /** The canvas picture (already checked to be a PNG); without it the server draws the design. */
  canvasPng?: Uint8Array | null;
}

async function designPicture(input: DesignInput): Promise<PreparedImage> {
  const png = input.canvasPng ?? (await renderDesignPng(choiceOf(input.parts), input.layout));
  return prepareDesignPng(png);
}

function layoutJson(layout: Overrides): Prisma.InputJsonValue | undefined {
  return Object.keys(layout).length ? (layout as Prisma.InputJsonValue) : undefined;
}

/**
 * A customer's design and the cart item for it, together or not at all. A design cut to measure
 * names one of the buyer's own profiles, held (FOR KEY SHARE) until the design is saved, so a
 * delete of the profile at the same moment waits (then clears it from the design) or came first
 * and is noticed here.
 */
export async function addDesignToCart(
  buyerId: number,
  input: DesignInput & { quantity: number; sizeId: string; measurementProfileId?: number | null },
) {
  const picture = await designPicture(input);
  const profileId = input.measurementProfileId ?? null;
  return db().$transaction(async (tx) => {
    if (profileId !== null) {
      const held = await tx.$queryRaw<{ id: number }[]>`
        SELECT id FROM "MeasurementProfile" WHERE id = ${profileId} AND "userId" = ${buyerId} FOR KEY SHARE`;
      if (held.length === 0) throw new DomainError("bad_input", MEASUREMENTS_MESSAGES.profileNotFound);
    }
    const image = await storeImage(tx, picture);
    const design = await tx.design.create({
      data: {
        ...input.parts,
        measurementProfileId: profileId,
        ownerId: buyerId,
        type: "design",
        status: "approved",
        price: null,
        imageId: image.id,
        layout: layoutJson(input.layout),
      },
      select: { id: true },
    });
    const item = await createCartItem(tx, {
      buyerId,
      designId: design.id,
      name: shirtLabel(choiceOf(input.parts)),
      quantity: input.quantity,
      sizeId: input.sizeId,
    });
    return { designId: design.id, cartItemId: item.id };
  });
}

/** A tailor's new popular design from the designer: shown at once (approved). */
export async function createMerchantDesign(merchantId: number, input: DesignInput & { price: number }) {
  const picture = await designPicture(input);
  return db().$transaction(async (tx) => {
    const image = await storeImage(tx, picture);
    return tx.design.create({
      data: {
        ...input.parts,
        ownerId: merchantId,
        type: "design",
        status: "approved",
        price: input.price,
        imageId: image.id,
        layout: layoutJson(input.layout),
      },
      select: { id: true },
    });
  });
}

/** Refuses unless the design exists (404) and belongs to this tailor (403). */
async function assertOwner(db: Prisma.TransactionClient, merchantId: number, designId: number): Promise<void> {
  const design = Number.isSafeInteger(designId)
    ? await db.design.findUnique({ where: { id: designId }, select: { ownerId: true } })
    : null;
  if (!design) throw new DomainError("not_found", DESIGN_NOT_FOUND);
  if (design.ownerId !== merchantId) throw new DomainError("forbidden", NOT_YOUR_DESIGN);
}

/** Applies a change to a tailor's own design in one conditional update. */
async function updateOwn(
  merchantId: number,
  designId: number,
  change: (tx: Prisma.TransactionClient) => Promise<Prisma.DesignUncheckedUpdateManyInput>,
) {
  return db().$transaction(async (tx) => {
    await assertOwner(tx, merchantId, designId);
    const data = await change(tx);
    const { count } = await tx.design.updateMany({ where: { id: designId, ownerId: merchantId }, data });
    if (count !== 1) throw new DomainError("conflict", "แบบเสื้อถูกเปลี่ยนไประหว่างบันทึก กรุณาลองใหม่");
    return { id: designId };
  });
}

/** The tailor edits a design in the designer: new parts, layout and picture. */
export async function updateMerchantDesign(
  merchantId: number,
  designId: number,
  input: DesignInput & { price?: number },
) {
  await assertOwner(db(), merchantId, designId);
  const picture = await designPicture(input);
  return updateOwn(merchantId, designId, async (tx) => {
    const image = await storeImage(tx, picture);
    return {
      ...input.parts,
      imageId: image.id,
      layout: layoutJson(input.layout) ?? {},
      ...(input.price !== undefined ? { price: input.price } : {}),
    };
  });
}

export function setDesignPrice(merchantId: number, designId: number, price: number) {
  return updateOwn(merchantId, designId, async () => ({ price }));
}

/** A sample photo replaces the picture; the design becomes an upload awaiting the admin (pending). */
export async function uploadDesignSample(merchantId: number, designId: number, photo: Uint8Array, price?: number) {
  await assertOwner(db(), merchantId, designId);
  const picture = await prepareUploadedPhoto(photo);
  return updateOwn(merchantId, designId, async (tx) => {
    const image = await storeImage(tx, picture);
    // Sent to the admin again: an earlier rejection's reason no longer applies.
    return {
      imageId: image.id,
      type: "upload",
      status: "pending",
      rejectReason: null,
      ...(price !== undefined ? { price } : {}),
    };
  });
}

const designSelect = {
  id: true,
  type: true,
  status: true,
  rejectReason: true,
  price: true,
  imageId: true,
  createdAt: true,
  layout: true,
  ...DESIGN_PART_SELECT,
  sizeId: true,
  orderCount: true,
  totalRevenue: true,
  owner: { select: { name: true } },
} satisfies Prisma.DesignSelect;

type DesignRow = Prisma.DesignGetPayload<{ select: typeof designSelect }>;

/**
 * A design as the JSON calls and pages show it (spec section 3's design model). Its orders (placed,
 * not canceled) and revenue (the totals of its completed orders, as every revenue figure of the
 * shop) are the counts the database keeps on the design (docs/decisions.md, 64).
 */
function designModel(row: DesignRow) {
  const { owner, imageId, price, createdAt, layout: _layout, totalRevenue, ...parts } = row;
  return {
    ...parts,
    image: designImageUrl({ id: row.id, imageId }),
    price: price === null ? null : Number(price),
    totalRevenue: Number(totalRevenue),
    userModel: owner ? { name: owner.name } : null,
    createdAt: createdAt.toISOString(),
  };
}
export type DesignModel = ReturnType<typeof designModel>;

/** A tailor's own designs, newest first, with how often each was ordered and what it earned. */
export async function listMerchantDesigns(merchantId: number): Promise<DesignModel[]> {
  const rows = await db().design.findMany({
    where: { ownerId: merchantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: designSelect,
  });
  return rows.map(designModel);
}

/** The design a tailor opens in the designer (their own only). */
export async function getOwnDesign(merchantId: number, designId: number) {
  await assertOwner(db(), merchantId, designId);
  const row = await db().design.findUniqueOrThrow({ where: { id: designId }, select: designSelect });
  return { model: designModel(row), layout: (row.layout ?? {}) as Overrides };
}

/** What the server needs to draw any design's preview. */
export function designForPreview(designId: number) {
  if (!Number.isSafeInteger(designId)) return Promise.resolve(null);
  return db().design.findUnique({ where: { id: designId }, select: designSelect });
}
