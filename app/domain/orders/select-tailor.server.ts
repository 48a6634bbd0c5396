import { keptWhileUnchanged } from "~/data/data-versions.server";
import { retryingWriteConflicts } from "~/data/database-errors.server";
import { db, Prisma } from "~/data/db.server";
import { CUSTOM_SIZE, categoryInfo } from "~/domain/catalogue/categories";
import { catalogueOption } from "~/domain/catalogue/options";
import { DomainError } from "~/domain/errors";
import { designImageUrl, storedImageUrl } from "~/domain/images/urls";
import { isReadyShop } from "~/domain/merchants/shop-profile";
import { ON_SALE, READY_SHOP_SQL, TAILOR_CONTACT_SELECT } from "~/domain/merchants/shops.server";
import { pricedParts, type Quote, quoteDesign } from "~/domain/pricing/quote";
import { type Page, readPageOf, searchTerm } from "~/lib/paging";
import { idOf } from "~/lib/record-id";
import { ORDER_MESSAGES } from "./messages";
import { type OrderView, orderWithProfileSelect, toOrderView } from "./views.server";

/** Choosing a tailor for a design the buyer made: every tailor's quote, and the choice itself. */

export interface TailorChoice {
  id: number;
  name: string;
  shopName: string | null;
  shopDetail: string | null;
  phone: string | null;
  email: string;
  address: string | null;
  lineId: string | null;
  image: string | null;
  samples: { id: number; image: string; price: number | null }[];
  quote: Quote;
  /** Why the tailor cannot make this item (Thai), when unavailable. */
  unavailableReason: string | null;
  /** What customers said of them (issue 22). */
  rating: TailorRating;
  /** Their shipping fee per order (baht), the days the tailoring takes, whether they take PromptPay (issue 45). */
  shippingFee: number;
  leadTimeDays: number;
  promptPay: boolean;
}

import { ratingsOf, type TailorRating } from "~/domain/reviews/reviews.server";

const SAMPLE_COUNT = 3;

/** The buyer's own cart item that is waiting for (or changing) its tailor. */
async function choosableItem(db: Prisma.TransactionClient, buyerId: number, itemId: number) {
  const row = await db.order.findUnique({ where: { id: itemId }, select: orderWithProfileSelect });
  if (!row) throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  if (row.buyerId !== buyerId) throw new DomainError("forbidden", ORDER_MESSAGES.forbidden);
  if (row.status !== "cart") throw new DomainError("not_found", ORDER_MESSAGES.cartItemNotFound);
  const item = toOrderView(row);
  if (!item.needsTailorChoice) throw new DomainError("conflict", ORDER_MESSAGES.noTailorChoice);
  return { row, item };
}

function optionLabel(sid: string): string {
  return catalogueOption(sid)?.labelTh ?? sid;
}

export function unavailableReason(quote: Quote): string | null {
  if (quote.available) return null;
  const reasons: string[] = [];
  if (quote.missing.some((part) => part.sid === CUSTOM_SIZE)) reasons.push("ร้านนี้ไม่รับตัดตามสัดส่วน");
  const parts = quote.missing
    .filter((part) => part.sid !== CUSTOM_SIZE)
    .map((part) => `${categoryInfo(part.category).labelTh} (${optionLabel(part.sid)})`);
  if (parts.length > 0) reasons.push(`ยังไม่ได้ตั้งราคา: ${parts.join(", ")}`);
  return reasons.join(" · ");
}

function priceMap(prices: { patternSid: string; price: { toString(): string } }[]): Map<string, number> {
  return new Map(prices.map((row) => [row.patternSid, Number(row.price.toString())]));
}

/** Tailors on one page of the choice (/merchant/select). */
export const TAILORS_PAGE_SIZE = 10;

export interface TailorChoices extends Page<TailorChoice> {
  item: OrderView;
  /** Tailors who can make the item, of `total`. */
  available: number;
  /** The name searched for ("" for every tailor). */
  search: string;
  sort: TailorSort;
}

/**
 * The order of the tailors who can make the item (issue 45): the lowest total first (the items'
 * price plus the tailor's shipping fee), or the shortest lead time first (then the lowest total).
 */
export type TailorSort = "total" | "lead";
export function tailorSortFrom(value: string | null): TailorSort {
  return value === "lead" ? "lead" : "total";
}

/**
 * One page of the shops that can take orders (READY_SHOP_SQL, the silk shops' rule: decision 104;
 * found by their own name or their shop's, in any case, when a search is given) in the choice's order: those who price every one of the parts first, by the
 * sum of those prices × quantity plus their shipping fee (or by lead time first), then the others; the id breaks ties. With the page's ids come how many
 * tailors there are and how many can make the item, in the same statement: a few hundred small
 * rows in a big shop are ranked in the database, and only a page of them comes back. A page past
 * the last is read again as the last. `sids`: the item's part ids, each once.
 */
async function rankedTailorPage(sids: string[], term: string, requested: number, quantity: number, sort: TailorSort) {
  const named = term
    ? Prisma.sql`AND (strpos(lower(name), lower(${term})) > 0 OR strpos(lower(COALESCE("shopName", '')), lower(${term})) > 0)`
    : Prisma.empty;
  const parts = sids.length > 0 ? Prisma.sql`p."patternSid" IN (${Prisma.join(sids)})` : Prisma.sql`FALSE`;
  const read = (skip: number) => db().$queryRaw<{ id: number | null; total: number; available: number }[]>`
    WITH tailors AS MATERIALIZED (SELECT id, "shippingFee", "leadTimeDays" FROM "User" WHERE ${READY_SHOP_SQL} ${named}),
    quotes AS MATERIALIZED (
      SELECT t.id, count(p."patternSid") = ${sids.length}::int AS available,
        COALESCE(sum(p.price), 0) * ${quantity}::int + t."shippingFee" AS payable, t."leadTimeDays" AS days
      FROM tailors t LEFT JOIN "PartPrice" p ON p."merchantId" = t.id AND ${parts} AND p.price >= 0
      GROUP BY t.id, t."shippingFee", t."leadTimeDays"
    )
    SELECT shown.id, (SELECT count(*) FROM quotes)::int AS total,
      (SELECT count(*) FROM quotes WHERE available)::int AS available
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT id FROM quotes
      ORDER BY available DESC, ${sort === "lead" ? Prisma.sql`CASE WHEN available THEN days END ASC,` : Prisma.empty}
        CASE WHEN available THEN payable END ASC, id ASC
      OFFSET ${skip} LIMIT ${TAILORS_PAGE_SIZE}
    ) AS shown ON true`;
  const { rows, ...window } = await readPageOf(requested, TAILORS_PAGE_SIZE, read);
  return {
    ...window,
    total: rows[0]?.total ?? 0,
    available: rows[0]?.available ?? 0,
    ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])),
  };
}

/** A tailor on a page of the choice, before the item's quote: who they are, their samples and prices. */
type ChoosableTailor = Omit<TailorChoice, "quote" | "unavailableReason"> & {
  /** Their price of each of the parts asked for that they price. */
  prices: [sid: string, price: number][];
};

/**
 * One page of the tailors for an item made of these parts, ranked, with their contact details,
 * samples, ratings and prices of the parts. The same for every buyer of such an item: kept while
 * what the public sees of the tailors is unchanged (app/data/data-versions.server.ts).
 */
const tailorPageFor = keptWhileUnchanged("shops", readTailorPage);

async function readTailorPage(sids: string[], term: string, page: number, quantity: number, sort: TailorSort) {
  const ranked = await rankedTailorPage(sids, term, page, quantity, sort);
  const shown = ranked.ids;
  const [prices, details, ratings] = await Promise.all([
    db().partPrice.findMany({
      where: { merchantId: { in: shown }, patternSid: { in: sids } },
      select: { merchantId: true, patternSid: true, price: true },
    }),
    db().user.findMany({
      where: { id: { in: shown } },
      select: {
        ...TAILOR_CONTACT_SELECT,
        designs: {
          where: ON_SALE,
          orderBy: { createdAt: "desc" },
          take: SAMPLE_COUNT,
          select: { id: true, imageId: true, price: true },
        },
      },
    }),
    ratingsOf(shown),
  ]);
  const pricesOf = new Map<number, [string, number][]>();
  for (const price of prices) {
    const list = pricesOf.get(price.merchantId) ?? [];
    list.push([price.patternSid, Number(price.price.toString())]);
    pricesOf.set(price.merchantId, list);
  }
  const detailOf = new Map(details.map((merchant) => [merchant.id, merchant]));
  const tailors = shown.flatMap((id): ChoosableTailor[] => {
    const merchant = detailOf.get(id);
    if (!merchant) return []; // gone between the two reads
    return [
      {
        id: merchant.id,
        name: merchant.name,
        shopName: merchant.shopName,
        shopDetail: merchant.shopDetail,
        phone: merchant.phone,
        email: merchant.email,
        // The account's address is where the tailor's own parcels go: shown only when they chose to (decision 104).
        address: merchant.showAddress ? merchant.address : null,
        lineId: merchant.lineId,
        image: merchant.shopImageId ? storedImageUrl(merchant.shopImageId) : null,
        samples: merchant.designs.map((design) => ({
          id: design.id,
          image: designImageUrl(design),
          price: design.price === null ? null : Number(design.price.toString()),
        })),
        rating: ratings.get(merchant.id) ?? { average: 0, count: 0 },
        shippingFee: merchant.shippingFee,
        leadTimeDays: merchant.leadTimeDays,
        promptPay: merchant.promptpayId !== null,
        prices: pricesOf.get(id) ?? [],
      },
    ];
  });
  return { ...ranked, tailors };
}

/**
 * Every shop that can take orders, for the item, those who can make it first and the lowest total first (or the
 * shortest lead time: TailorSort), a page at a time. The order is worked out in the database (which tailors price every part of the item, and
 * the sum of those prices), so only the page's tailors are quoted here, with their contact
 * details and samples; the quote itself (quote.ts) stays the one rule of the price.
 */
export async function listTailorChoices(
  buyerId: number,
  itemId: number,
  { page = 1, search = "", sort = "total" }: { page?: number; search?: string; sort?: TailorSort } = {},
): Promise<TailorChoices> {
  const { row, item } = await choosableItem(db(), buyerId, itemId);
  const sids = [...new Set(pricedParts(row.design).map((part) => part.sid))].sort();
  const term = searchTerm(search);
  const ranked = await tailorPageFor(sids, term, page, row.quantity, sort);
  const tailors = ranked.tailors.map(({ prices, ...tailor }): TailorChoice => {
    const quote = quoteDesign(row.design, new Map(prices), row.quantity);
    return { ...tailor, quote, unavailableReason: unavailableReason(quote) };
  });
  return {
    item,
    items: tailors,
    page: ranked.page,
    pageCount: ranked.pageCount,
    total: ranked.total,
    available: ranked.available,
    search: term,
    sort,
  };
}

/**
 * What the choice set: the item's price, and the tailor's terms as they are now (issue 45); the
 * fee is frozen on the order only when it is placed.
 */
export interface ChosenTailor {
  unitPrice: number;
  totalPrice: number;
  shippingFee: number;
  leadTimeDays: number;
  promptPay: boolean;
}

/** Sets the item's tailor and its price from that tailor's quote (refused if they cannot make it). */
export async function selectTailor(buyerId: number, itemId: number, merchantId: number): Promise<ChosenTailor> {
  // The tailor held below and an admin's delete clearing this item can wait on each other: run again.
  return retryingWriteConflicts(() => chooseOnce(buyerId, itemId, merchantId));
}

function chooseOnce(buyerId: number, itemId: number, merchantId: number): Promise<ChosenTailor> {
  return db().$transaction(async (tx) => {
    const { row } = await choosableItem(tx, buyerId, itemId);
    // Holds the tailor's row until the choice is saved: an admin deleting them waits (then clears
    // this item with the others), or was first and this finds no one. Before, a delete between
    // the read and the update made the update's foreign key fail (a 500), or, between the
    // tailor's read and their prices', read as 'no price set'.
    // An id past PostgreSQL's integer names no one (and would be an error in the raw query).
    const held =
      idOf(merchantId) !== null
        ? await tx.$queryRaw<{ id: number }[]>`SELECT id FROM "User" WHERE id = ${merchantId} FOR KEY SHARE`
        : [];
    if (held.length === 0) throw new DomainError("not_found", ORDER_MESSAGES.tailorNotFound);
    const merchant = await tx.user.findUnique({
      where: { id: merchantId },
      select: {
        roles: true,
        status: true,
        shopName: true,
        _count: { select: { partPrices: true } },
        shippingFee: true,
        leadTimeDays: true,
        promptpayId: true,
        partPrices: {
          where: { patternSid: { in: pricedParts(row.design).map((p) => p.sid) } },
          select: { patternSid: true, price: true },
        },
      },
    });
    if (!merchant?.roles.includes("merchant") || merchant.status !== "active")
      throw new DomainError("not_found", ORDER_MESSAGES.tailorNotFound);
    // Only a shop the choice lists (decision 104): a forged form or call naming another is refused.
    if (!isReadyShop({ shopName: merchant.shopName, pricedParts: merchant._count.partPrices }))
      throw new DomainError("not_found", ORDER_MESSAGES.tailorNotListed);
    const quote = quoteDesign(row.design, priceMap(merchant.partPrices), row.quantity);
    if (!quote.available)
      throw new DomainError("conflict", `${ORDER_MESSAGES.tailorUnavailable} (${unavailableReason(quote)})`);
    // Only while the item is still the size it was quoted for (a size change locks the row first).
    const { count } = await tx.order.updateMany({
      where: { id: row.id, buyerId, status: "cart", sizeId: row.sizeId },
      data: {
        sellerId: merchantId,
        unitPrice: quote.unitPrice,
        totalPrice: quote.totalPrice,
        priceLines: quote.lines as unknown as Prisma.InputJsonValue,
      },
    });
    if (count !== 1) throw new DomainError("conflict", ORDER_MESSAGES.cartChanged);
    return {
      unitPrice: quote.unitPrice,
      totalPrice: quote.totalPrice,
      shippingFee: merchant.shippingFee,
      leadTimeDays: merchant.leadTimeDays,
      promptPay: merchant.promptpayId !== null,
    };
  });
}
