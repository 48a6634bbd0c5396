import { keptWhileUnchanged } from "~/data/data-versions.server";
import { db, Prisma } from "~/data/db.server";
import { CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { catalogueOption, PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { DomainError } from "~/domain/errors";
import { designImageUrl, storedImageUrl } from "~/domain/images/urls";
import { type Page, pageWindow, readPageOf } from "~/lib/paging";

/**
 * The silk shops page (spec "/merchant/info") and GET /api/public/merchants: the active tailors
 * with contact details and the designs on sale (approved by the admin and priced by the tailor),
 * newest first. A page at a time: a shop ten years on has hundreds of tailors and thousands of
 * designs, and a phone on a rural line must not be sent them all.
 */

export interface ShopDesign {
  id: number;
  image: string;
  /** The base shirt's Thai name. */
  label: string;
  price: number | null;
}

export interface PublicShop {
  id: number;
  /** The shop's name, or the tailor's when the shop has none. */
  name: string;
  /** The name the tailor gave the shop (issue 46): every shop listed has one (READY_SHOP). */
  shopName: string | null;
  ownerName: string;
  /** The shop's description (up to 500 characters). */
  detail: string | null;
  phone: string | null;
  email: string;
  /** The tailor's address, only when they chose to show it (showAddress); null otherwise. */
  address: string | null;
  lineId: string | null;
  /** The shop's photo (a stored image's address), or null. */
  image: string | null;
  /** Every design the shop has on sale; `designModels` holds the newest of them (or one page). */
  designCount: number;
  designModels: ShopDesign[];
  /** The average and count of the shop's shown reviews (issue 22). */
  rating: TailorRating;
  /** The newest shown reviews (on the shop's own page; none in the list). */
  latestReviews: PublicReview[];
  /** Shipping fee per order (baht), days the tailoring takes, and whether they take PromptPay (issue 45). */
  shippingFee: number;
  leadTimeDays: number;
  promptPay: boolean;
}

/** A price on a shop's own page: a base shirt's, or cutting to measure (issue 46). */
export interface ShopPrice {
  sid: string;
  label: string;
  price: number;
}

/** Spec section 8: the shops could not be loaded. */
export const SHOPS_FAILED = "ไม่สามารถโหลดข้อมูลร้านค้าได้";
export const SHOP_NOT_FOUND = "ไม่พบร้านค้านี้";

/**
 * Shops on one page of /merchant/info, and the newest designs each shows there: one row wide, two
 * by two on a phone; the shop's own page has the rest. (Ten each made the page a hundred pictures.)
 */
export const SHOPS_PAGE_SIZE = 10;
export const DESIGNS_PER_SHOP = 4;
/** One shop's own page (?shop=id): its designs, this many to a page. */
export const SHOP_DESIGNS_PAGE_SIZE = 20;

import { LATEST_REVIEWS } from "~/domain/reviews/review-rules";
import { latestReviewsOf, type PublicReview, ratingsOf, type TailorRating } from "~/domain/reviews/reviews.server";

/** A tailor whose shop is open: the silk shops list them, customers choose among them. */
export const ACTIVE_TAILOR = { roles: { has: "merchant" }, status: "active" } satisfies Prisma.UserWhereInput;
/** The same, as a condition on "User" in raw SQL (through the roles index). */
export const ACTIVE_TAILOR_SQL = Prisma.sql`roles @> ARRAY['merchant']::"Role"[] AND status = 'active'`;

/**
 * A shop that can take orders (issue 46; the rule is isReadyShop in ./shop-profile): an active
 * tailor with a shop name and at least one priced pattern part. Only these are listed on the silk
 * shops and in GET /api/public/merchants, and only these have a page of their own: a new tailor
 * is not shown as an empty card until they have set their shop up.
 */
export const READY_SHOP = {
  ...ACTIVE_TAILOR,
  shopName: { not: null },
  NOT: { shopName: "" },
  partPrices: { some: {} },
} satisfies Prisma.UserWhereInput;
/** The same, in raw SQL on "User" (a price is found through PartPrice's primary key). */
export const READY_SHOP_SQL = Prisma.sql`${ACTIVE_TAILOR_SQL} AND btrim(COALESCE("shopName", '')) <> ''
  AND EXISTS (SELECT 1 FROM "PartPrice" pp WHERE pp."merchantId" = "User".id)`;
/** On sale: approved and priced (0 is the default of a design saved without a price). */
export const ON_SALE = { status: "approved", price: { gt: 0 } } satisfies Prisma.DesignWhereInput;
const newestFirst: Prisma.DesignOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

/** Who a tailor is and how to reach them: the silk shops and the tailor choice show the same. */
export const TAILOR_CONTACT_SELECT = {
  id: true,
  name: true,
  shopName: true,
  shopDetail: true,
  phone: true,
  email: true,
  address: true,
  lineId: true,
  shopImageId: true,
  // Whether the address above may be shown (issue 46): it is where the tailor's own parcels go.
  showAddress: true,
  // Their terms (issue 45): the fee to send an order, the days the tailoring takes, and whether
  // they take PromptPay (the id itself is read only to say yes or no; it is never shown here).
  shippingFee: true,
  leadTimeDays: true,
  promptpayId: true,
} satisfies Prisma.UserSelect;

type ShopRow = Prisma.UserGetPayload<{ select: typeof TAILOR_CONTACT_SELECT }>;
type DesignRow = { id: number; imageId: number | null; baseId: string; price: Prisma.Decimal | null };
const designSelect = { id: true, imageId: true, baseId: true, price: true } satisfies Prisma.DesignSelect;

/**
 * How many designs each of these shops has on sale: counted for the shops asked for only, through
 * the designs' owner index (a count inside the shops' query grouped every design of the shop).
 */
async function designCountsOf(shopIds: number[]): Promise<Map<number, number>> {
  if (shopIds.length === 0) return new Map();
  const groups = await db().design.groupBy({
    by: ["ownerId"],
    where: { ownerId: { in: shopIds }, ...ON_SALE },
    _count: { _all: true },
  });
  return new Map(groups.flatMap((group) => (group.ownerId === null ? [] : [[group.ownerId, group._count._all]])));
}

function toPublicShop(
  row: ShopRow,
  designCount: number,
  designs: DesignRow[],
  rating: TailorRating = { average: 0, count: 0 },
  latestReviews: PublicReview[] = [],
): PublicShop {
  return {
    rating,
    latestReviews,
    id: row.id,
    name: row.shopName || row.name,
    shopName: row.shopName,
    ownerName: row.name,
    detail: row.shopDetail,
    phone: row.phone,
    email: row.email,
    address: row.showAddress ? row.address : null,
    lineId: row.lineId,
    image: row.shopImageId ? storedImageUrl(row.shopImageId) : null,
    shippingFee: row.shippingFee,
    leadTimeDays: row.leadTimeDays,
    promptPay: row.promptpayId !== null,
    designCount,
    designModels: designs.map((design) => ({
      id: design.id,
      image: designImageUrl(design),
      label: catalogueOption(design.baseId)?.labelTh ?? "แบบเสื้อ",
      price: design.price === null ? null : Number(design.price),
    })),
  };
}

/**
 * How many tailors are active (ACTIVE_TAILOR) and the ids of one page of them, oldest first, in one
 * statement: found through the roles index, then sorted. A few hundred tailors among tens of
 * thousands of customers, the newest accounts last: left to itself, the planner walked every
 * account in id order to find them. A page past the last is read again as the last.
 */
async function activeTailorPage(requested: number, size: number) {
  const read = (skip: number) => db().$queryRaw<{ id: number | null; total: number }[]>`
    WITH tailors AS MATERIALIZED (SELECT id FROM "User" WHERE ${READY_SHOP_SQL})
    SELECT shown.id, (SELECT count(*) FROM tailors)::int AS total
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (SELECT id FROM tailors ORDER BY id OFFSET ${skip} LIMIT ${size}) AS shown ON true`;
  const { rows, ...window } = await readPageOf(requested, size, read);
  return { ...window, total: rows[0]?.total ?? 0, ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
}

/**
 * One page of the active tailors, oldest shop first, each with its newest designs on sale. Kept
 * while what the public sees of the tailors is unchanged (app/data/data-versions.server.ts), up to
 * 100 pages: every page of the silk shops and of the API in a shop of 500 tailors is 75, and a
 * client asking for pages past the end (each kept under its own number) keeps no more than that.
 */
export const listPublicShops = keptWhileUnchanged("shops", readPublicShops, { max: 100 });

async function readPublicShops({
  page = 1,
  pageSize = SHOPS_PAGE_SIZE,
  designsEach = DESIGNS_PER_SHOP,
}: {
  page?: number;
  pageSize?: number;
  designsEach?: number;
} = {}): Promise<Page<PublicShop>> {
  const window = await activeTailorPage(page, pageSize);
  const rows = await db().user.findMany({
    where: { id: { in: window.ids } },
    orderBy: { id: "asc" },
    select: {
      ...TAILOR_CONTACT_SELECT,
      designs: { where: ON_SALE, orderBy: newestFirst, take: designsEach, select: designSelect },
    },
  });
  const ids = rows.map((row) => row.id);
  const [counts, ratings] = await Promise.all([designCountsOf(ids), ratingsOf(ids)]);
  return {
    items: rows.map((row) => toPublicShop(row, counts.get(row.id) ?? 0, row.designs, ratings.get(row.id))),
    page: window.page,
    pageCount: window.pageCount,
    total: window.total,
  };
}

/**
 * One shop's own page (/merchant/info/{id}): the shop with a page of its designs on sale (newest
 * first), its latest reviews and its prices; not found unless it can take orders (READY_SHOP).
 */
export const getPublicShop = keptWhileUnchanged("shops", readPublicShop);

async function readPublicShop(
  shopId: number,
  page = 1,
): Promise<{ shop: PublicShop; prices: ShopPrice[]; page: number; pageCount: number }> {
  const row = await db().user.findFirst({ where: { id: shopId, ...READY_SHOP }, select: TAILOR_CONTACT_SELECT });
  if (!row) throw new DomainError("not_found", SHOP_NOT_FOUND);
  const designCount = (await designCountsOf([shopId])).get(shopId) ?? 0;
  const window = pageWindow(designCount, page, SHOP_DESIGNS_PAGE_SIZE);
  const designs = await db().design.findMany({
    where: { ownerId: shopId, ...ON_SALE },
    orderBy: newestFirst,
    skip: window.skip,
    take: window.take,
    select: designSelect,
  });
  const [ratings, latest, prices] = await Promise.all([
    ratingsOf([shopId]),
    latestReviewsOf([shopId], LATEST_REVIEWS),
    shopPricesOf(shopId),
  ]);
  return {
    shop: toPublicShop(row, designCount, designs, ratings.get(shopId), latest.get(shopId)),
    prices,
    page: window.page,
    pageCount: window.pageCount,
  };
}

/**
 * A short summary of a shop's prices for its page: each base shirt it prices and cutting to
 * measure, in the catalogue's order. The other parts add to these (the tailor choice shows a
 * shirt's whole price), so a customer sees where the shop starts without forty rows.
 */
async function shopPricesOf(shopId: number): Promise<ShopPrice[]> {
  const summarised = PATTERN_OPTIONS.filter((option) => option.category === "shirt" || option.sid === CUSTOM_SIZE);
  const rows = await db().partPrice.findMany({
    where: { merchantId: shopId, patternSid: { in: summarised.map((option) => option.sid) } },
    select: { patternSid: true, price: true },
  });
  const prices = new Map(rows.map((row) => [row.patternSid, Number(row.price)]));
  return summarised.flatMap((option) => {
    const price = prices.get(option.sid);
    return price === undefined
      ? []
      : [{ sid: option.sid, label: option.sid === CUSTOM_SIZE ? "ตัดตามสัดส่วน (เพิ่ม)" : option.labelTh, price }];
  });
}
