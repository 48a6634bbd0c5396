import { db, type Prisma } from "~/data/db.server";
import { type AuditChanges, changedFields } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { prepareUploadedPhoto, storeImage } from "~/domain/images/store.server";
import { storedImageUrl } from "~/domain/images/urls";
import { isReadyShop, type ShopChecklist, type ShopProfileInput } from "./shop-profile";
import { ON_SALE } from "./shops.server";

/**
 * A tailor's shop profile (issue 46): read and saved by the tailor (/merchant/shop, PUT
 * /api/merchants/me/shop) or by an admin for them (/admin/manage/shops, recorded in the audit log).
 * Every write changes a shop field of "User", which raises the "shops" data version at commit
 * (migration shop_profiles), so no kept page goes on showing the old shop.
 */

/** Who makes a change: the tailor themselves, or an admin (whose change goes into the audit log). */
export interface ShopEditor {
  id: number;
  name: string;
  /** True when an admin changes another tailor's shop. */
  onBehalf: boolean;
}

export const SHOP_OWNER_NOT_FOUND = "ไม่พบร้านค้าที่เลือก";

export interface ShopProfile {
  id: number;
  ownerName: string;
  shopName: string;
  description: string;
  showAddress: boolean;
  /** The account's address (the form says it is shown only when showAddress is on). */
  address: string | null;
  photoUrl: string | null;
  status: string;
  checklist: ShopChecklist;
  ready: boolean;
}

/** What a new tailor's checklist reads of their account (`checklistOf`). */
export const checklistSelect = {
  shopName: true,
  promptpayId: true,
  _count: { select: { partPrices: true, designs: { where: ON_SALE } } },
} satisfies Prisma.UserSelect;

/** A new tailor's steps (issue 46), each done or not, and whether the shop is ready to take orders. */
export function checklistOf(row: Prisma.UserGetPayload<{ select: typeof checklistSelect }>): {
  checklist: ShopChecklist;
  ready: boolean;
} {
  return {
    checklist: {
      shopName: (row.shopName ?? "").trim() !== "",
      prices: row._count.partPrices > 0,
      promptPay: row.promptpayId !== null,
      design: row._count.designs > 0,
    },
    ready: isReadyShop({ shopName: row.shopName, pricedParts: row._count.partPrices }),
  };
}

const profileSelect = {
  id: true,
  name: true,
  shopDetail: true,
  showAddress: true,
  address: true,
  shopImageId: true,
  status: true,
  ...checklistSelect,
} satisfies Prisma.UserSelect;

/** A tailor's shop as its settings page shows it, with the checklist; not found unless the account is a tailor. */
export async function getShopProfile(merchantId: number): Promise<ShopProfile> {
  const row = Number.isInteger(merchantId)
    ? await db().user.findFirst({ where: { id: merchantId, roles: { has: "merchant" } }, select: profileSelect })
    : null;
  if (!row) throw new DomainError("not_found", SHOP_OWNER_NOT_FOUND);
  return {
    id: row.id,
    ownerName: row.name,
    shopName: row.shopName ?? "",
    description: row.shopDetail ?? "",
    showAddress: row.showAddress,
    address: row.address,
    photoUrl: row.shopImageId ? storedImageUrl(row.shopImageId) : null,
    status: row.status,
    ...checklistOf(row),
  };
}

/** The tailor, locked for the change (two saves at once apply one after the other). */
async function lockedShop(tx: Prisma.TransactionClient, merchantId: number) {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM "User" WHERE id = ${merchantId} AND roles @> ARRAY['merchant']::"Role"[] FOR UPDATE`;
  if (rows.length === 0) throw new DomainError("not_found", SHOP_OWNER_NOT_FOUND);
  return tx.user.findUniqueOrThrow({
    where: { id: merchantId },
    select: { shopName: true, shopDetail: true, showAddress: true, shopImageId: true },
  });
}

async function auditOnBehalf(tx: Prisma.TransactionClient, by: ShopEditor, merchantId: number, changes: AuditChanges) {
  if (!by.onBehalf || Object.keys(changes).length === 0) return;
  // Shop fields are the tailor's own (PERSONAL_FIELDS): the log says which changed, never to what.
  await recordAudit(tx, {
    actor: { id: by.id, name: by.name },
    action: "user.update",
    target: { type: "user", id: merchantId, label: `ผู้ใช้ #${merchantId}` },
    changes,
  });
}

/** Saves the name, description and address choice (already checked by the shop profile schema). */
export async function saveShopProfile(merchantId: number, input: ShopProfileInput, by: ShopEditor): Promise<void> {
  await db().$transaction(async (tx) => {
    const before = await lockedShop(tx, merchantId);
    const after = {
      shopName: input.shopName,
      shopDetail: input.description === "" ? null : input.description,
      showAddress: input.showAddress,
    };
    await tx.user.update({ where: { id: merchantId }, data: after });
    const { shopImageId: _photo, ...fields } = before;
    await auditOnBehalf(tx, by, merchantId, changedFields(fields, after));
  });
}

/**
 * Replaces the shop's photo: the image pipeline turns it upright, shrinks it to at most 1,200 px
 * and stores a JPEG (prepareUploadedPhoto, one picture at a time); the photo it replaces is removed.
 * A file that is not a JPEG, PNG or WebP photo is refused with a Thai message and nothing changes.
 */
export async function setShopPhoto(merchantId: number, photo: Uint8Array, by: ShopEditor): Promise<void> {
  // Checked before the picture is worked on: a stranger's upload costs no decoding.
  await getShopProfile(merchantId);
  const picture = await prepareUploadedPhoto(photo);
  await db().$transaction(async (tx) => {
    const before = await lockedShop(tx, merchantId);
    const image = await storeImage(tx, picture);
    await tx.user.update({ where: { id: merchantId }, data: { shopImageId: image.id } });
    if (before.shopImageId) await tx.storedImage.deleteMany({ where: { id: before.shopImageId } });
    await auditOnBehalf(tx, by, merchantId, { shopPhoto: {} });
  });
}

/** Takes the shop's photo away (the shop shows its initial again). */
export async function removeShopPhoto(merchantId: number, by: ShopEditor): Promise<void> {
  await db().$transaction(async (tx) => {
    const before = await lockedShop(tx, merchantId);
    if (!before.shopImageId) return;
    await tx.user.update({ where: { id: merchantId }, data: { shopImageId: null } });
    await tx.storedImage.deleteMany({ where: { id: before.shopImageId } });
    await auditOnBehalf(tx, by, merchantId, { shopPhoto: {} });
  });
}
