import { db, type Prisma } from "~/data/db.server";
import { changedFields } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { CUSTOM_SIZE, categoryInfo } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS, patternImageUrl } from "~/domain/catalogue/options";
import { DomainError } from "~/domain/errors";
import type { ShopChecklist } from "~/domain/merchants/shop-profile";
import { checklistOf, checklistSelect } from "~/domain/merchants/shop-profile.server";
import type { DepositTerms } from "~/domain/payments/deposit-terms";
import type { TailorPromptPay } from "~/domain/payments/tailor-promptpay.server";
import { type Page, pageWindow } from "~/lib/paging";
import { type MerchantPricing, PRICED_CATEGORIES, type PricingGroup, toPricingMaps } from "./part-prices";
import { priceProblem } from "./price-text";
import type { ShippingTerms } from "./shipping";

/**
 * Reading and saving a tailor's part prices. Orders never read these rows after they are
 * placed (they keep their own frozen unitPrice, totalPrice and priceLines), so changing a
 * price here cannot change an order already placed.
 */

/** The tailor whose prices are read or changed: must exist and hold the merchant role. */
export async function requireMerchant(merchantId: number) {
  const merchant = Number.isInteger(merchantId)
    ? await db().user.findFirst({
        where: { id: merchantId, roles: { has: "merchant" } },
        select: { id: true, name: true, shopName: true, status: true },
      })
    : null;
  if (!merchant) throw new DomainError("not_found", "ไม่พบร้านค้าที่เลือก");
  return merchant;
}

export async function getMerchantPricing(merchantId: number): Promise<MerchantPricing> {
  const rows = await db().partPrice.findMany({ where: { merchantId }, select: { patternSid: true, price: true } });
  return toPricingMaps(rows.map((row) => ({ patternSid: row.patternSid, price: Number(row.price) })));
}

/** Saves the tailor's own shipping fee and lead time (checked by shippingFormSchema). */
export async function saveShippingTerms(merchantId: number, terms: ShippingTerms): Promise<void> {
  await db().user.update({ where: { id: merchantId }, data: terms });
}

/** The tailor's shipping fee and lead time (issue 45). */
export async function getShippingTerms(merchantId: number): Promise<ShippingTerms> {
  return db().user.findUniqueOrThrow({
    where: { id: merchantId },
    select: { shippingFee: true, leadTimeDays: true },
  });
}

/** The catalogue's priced options: the parts of the eight categories, and cutting to measure. */
const PRICED_OPTION = { OR: [{ category: { in: [...PRICED_CATEGORIES] } }, { sid: CUSTOM_SIZE }] };
const PRICED_CATEGORY_KEYS = new Set<string>(PRICED_CATEGORIES);

/**
 * Every priced part of the catalogue with this tailor's price, grouped in the designer's order;
 * last, cutting to the customer's own measurements. The parts come from the catalogue in memory
 * (`PATTERN_OPTIONS`, in its order); only the prices are read.
 */
export async function pricingGroups(merchantId: number): Promise<PricingGroup[]> {
  return groupsOf(await db().partPrice.findMany({ where: { merchantId }, select: PART_PRICE_SELECT }));
}

const PART_PRICE_SELECT = { patternSid: true, price: true } satisfies Prisma.PartPriceSelect;

/** The tailor's pricing page: the price list, the shipping, deposit and PromptPay forms, the checklist. */
export interface TailorPricingPage {
  groups: PricingGroup[];
  shipping: ShippingTerms;
  deposit: DepositTerms;
  promptPay: TailorPromptPay;
  shop: { checklist: ShopChecklist; ready: boolean };
}

/**
 * Everything the tailor's pricing page shows, in one statement: their prices, and of their account
 * the shipping, deposit and PromptPay terms and the checklist's counts. Read by area (the prices,
 * each set of terms, the shop), the page sent five statements for one row and its prices.
 */
export async function tailorPricingPage(merchantId: number): Promise<TailorPricingPage> {
  const row = await db().user.findUniqueOrThrow({
    where: { id: merchantId },
    select: {
      shippingFee: true,
      leadTimeDays: true,
      depositPercent: true,
      cashOnDelivery: true,
      promptpayName: true,
      ...checklistSelect,
      partPrices: { select: PART_PRICE_SELECT },
    },
  });
  return {
    groups: groupsOf(row.partPrices),
    shipping: { shippingFee: row.shippingFee, leadTimeDays: row.leadTimeDays },
    deposit: {
      depositPercent: row.depositPercent as DepositTerms["depositPercent"],
      cashOnDelivery: row.cashOnDelivery,
    },
    promptPay: { promptpayId: row.promptpayId, promptpayName: row.promptpayName },
    shop: checklistOf(row),
  };
}

function groupsOf(prices: { patternSid: string; price: Prisma.Decimal }[]): PricingGroup[] {
  const options = PATTERN_OPTIONS.filter(
    (option) => PRICED_CATEGORY_KEYS.has(option.category) || option.sid === CUSTOM_SIZE,
  ).map((option) => ({ ...option, imageUrl: patternImageUrl(option.sid) }));
  const priceBySid = new Map(prices.map((row) => [row.patternSid, Number(row.price)]));
  return [...PRICED_CATEGORIES, "size" as const].map((category) => ({
    category,
    ...(category === "size"
      ? {
          labelTh: "ตัดตามสัดส่วนของลูกค้า",
          hint: "ราคาที่บวกเพิ่มต่อตัว เมื่อลูกค้าเลือกขนาดตามสัดส่วนของตนเอง เว้นว่างไว้ถ้าร้านไม่รับตัดตามสัดส่วน",
        }
      : { labelTh: categoryInfo(category).labelTh }),
    parts: options
      .filter((option) => option.category === category)
      .map((option) => ({
        sid: option.sid,
        labelTh: option.labelTh,
        imageUrl: option.imageUrl,
        price: priceBySid.get(option.sid) ?? null,
      })),
  }));
}

/**
 * Saves prices (sid → baht, or null to stop offering the part) all at once: every value is
 * checked first, and one bad value saves nothing. `by` is who saves: an admin saving a tailor's
 * prices is written to the audit log in the same transaction, with each changed price before and
 * after (decision 51).
 */
export async function savePartPrices(
  merchantId: number,
  changes: ReadonlyMap<string, number | null>,
  by: { id: number; name: string },
  /** The shipping fee, lead time and deposit terms (issue 49) to set with the prices (checked by the caller's schema). */
  terms: Partial<ShippingTerms & DepositTerms> = {},
): Promise<void> {
  await requireMerchant(merchantId);
  const sids = [...changes.keys()];
  const known = await db().patternOption.findMany({
    where: { sid: { in: sids }, ...PRICED_OPTION },
    select: { sid: true },
  });
  const knownSids = new Set(known.map((option) => option.sid));
  for (const [sid, price] of changes) {
    if (!knownSids.has(sid)) throw new DomainError("bad_input", `ไม่พบชิ้นส่วน "${sid}" ในรายการลวดลาย`);
    const problem = price === null ? null : priceProblem(price);
    if (problem) throw new DomainError("bad_input", problem);
  }
  const removed = sids.filter((sid) => changes.get(sid) === null);
  const set = sids.filter((sid) => changes.get(sid) !== null);
  const onBehalf = by.id !== merchantId;
  await db().$transaction(async (tx) => {
    const before = onBehalf
      ? await tx.partPrice.findMany({
          where: { merchantId, patternSid: { in: sids } },
          select: { patternSid: true, price: true },
        })
      : [];
    await tx.partPrice.deleteMany({ where: { merchantId, patternSid: { in: removed } } });
    for (const sid of set) {
      const price = changes.get(sid)!.toFixed(2);
      await tx.partPrice.upsert({
        where: { merchantId_patternSid: { merchantId, patternSid: sid } },
        create: { merchantId, patternSid: sid, price },
        update: { price },
      });
    }
    const termKeys = Object.keys(terms) as (keyof typeof terms)[];
    const termsBefore: Partial<ShippingTerms & DepositTerms> =
      onBehalf && termKeys.length > 0
        ? await tx.user.findUniqueOrThrow({
            where: { id: merchantId },
            select: Object.fromEntries(termKeys.map((key) => [key, true])),
          })
        : {};
    if (termKeys.length > 0) await tx.user.update({ where: { id: merchantId }, data: terms });
    if (!onBehalf) return;
    const was = new Map(before.map((row) => [row.patternSid, Number(row.price)]));
    const priceChanges = changedFields(
      { ...Object.fromEntries(sids.map((sid) => [sid, was.get(sid) ?? null])), ...termsBefore },
      { ...Object.fromEntries(sids.map((sid) => [sid, changes.get(sid) ?? null])), ...terms },
    );
    if (Object.keys(priceChanges).length === 0) return;
    await recordAudit(tx, {
      actor: by,
      action: "pricing.update_on_behalf",
      target: { type: "pricing", id: merchantId, label: `ราคาของช่าง #${merchantId}` },
      changes: priceChanges,
    });
  });
}

/** Tailors to a page of the admin's pricing screen: 500 tailors are a search, not one select. */
export const MERCHANTS_PAGE_SIZE = 10;

export interface MerchantChoice {
  id: number;
  name: string;
  shopName: string | null;
  status: string;
}

/** Tailors an admin can pick on the pricing screen: a page of those whose name or shop name holds `q`. */
export async function findMerchantsForPricing({ q, page }: { q: string; page: number }): Promise<Page<MerchantChoice>> {
  const where: Prisma.UserWhereInput = {
    roles: { has: "merchant" },
    ...(q
      ? { OR: [{ name: { contains: q, mode: "insensitive" } }, { shopName: { contains: q, mode: "insensitive" } }] }
      : {}),
  };
  const total = await db().user.count({ where });
  const window = pageWindow(total, page, MERCHANTS_PAGE_SIZE);
  const items = await db().user.findMany({
    where,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, shopName: true, status: true },
    skip: window.skip,
    take: window.take,
  });
  return { items, page: window.page, pageCount: window.pageCount, total };
}
