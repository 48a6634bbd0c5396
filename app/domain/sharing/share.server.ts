import { site } from "~/content/site";
import { db } from "~/data/db.server";
import { catalogueOption } from "~/domain/catalogue/options";
import { type Choice, choiceOf, type Overrides, searchOf, shirtLabel } from "~/domain/designer/selection";
import { DomainError } from "~/domain/errors";
import { designImageUrl } from "~/domain/images/urls";
import { ON_SALE, type PublicShop, READY_SHOP } from "~/domain/merchants/shops.server";
import { formatBaht } from "~/lib/format";
import { type DesignPicture, pictureKey, type ShopPicture } from "./pictures.server";
import { type ShareInfo, shortDescription } from "./share";

/**
 * What each shared page says about itself and where its preview picture is (issue 50). Only
 * addresses are made here, from data the page reads anyway: the picture is drawn when it is
 * fetched (app/routes/sharing/picture-*.ts), never while the page waits.
 */

/**
 * The shop's public address, without a trailing slash: PUBLIC_BASE_URL when set (the address
 * people reach it at, behind any proxy), otherwise the request's own.
 */
export function publicOrigin(request: Request): string {
  const base = process.env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, "");
  if (base) {
    try {
      return new URL(base).origin;
    } catch {
      // An unusable PUBLIC_BASE_URL: the request's own address.
    }
  }
  return new URL(request.url).origin;
}

/** The page's own address with only the query that matters to what it shows (none unless given). */
function pageAddress(origin: string, pathname: string, search = ""): string {
  return `${origin}${pathname}${search}`;
}

// ---------------------------------------------------------------------------------------------
// The shop as a whole: the home page and the silk shops

export const SITE_PICTURE_KEY = pictureKey("site", [site.enterpriseName, site.tagline]);

export function sitePicturePath(): string {
  return `/share/site/${SITE_PICTURE_KEY}.jpg`;
}

export function siteShare(request: Request, pathname: string, title: string, description: string): ShareInfo {
  const origin = publicOrigin(request);
  return {
    title,
    description,
    url: pageAddress(origin, pathname),
    image: `${origin}${sitePicturePath()}`,
    imageAlt: `${site.enterpriseName}: ${site.tagline}`,
  };
}

// ---------------------------------------------------------------------------------------------
// A shop

/** What a shop's picture shows, without its photo's bytes (its address stands for them). */
export function shopPictureContent(shop: PublicShop) {
  return { name: shop.name, photo: shop.image, rating: shop.rating, designCount: shop.designCount };
}

export function shopPicturePath(shop: PublicShop): string {
  return `/share/shops/${shop.id}/${pictureKey("shop", shopPictureContent(shop))}.jpg`;
}

export function shopShare(request: Request, shop: PublicShop): ShareInfo {
  const origin = publicOrigin(request);
  const rating = shop.rating.count > 0 ? ` คะแนน ${shop.rating.average.toFixed(1)} จาก ${shop.rating.count} รีวิว` : "";
  return {
    title: `${shop.name} | ${site.shortName}`,
    description: shortDescription(
      shop.detail ||
        `ร้านผ้าไหมของ${shop.ownerName} แบบเสื้อ ${shop.designCount} แบบ${rating} สั่งตัดได้ที่${site.enterpriseName}`,
    ),
    url: pageAddress(origin, `/merchant/info/${shop.id}`),
    image: `${origin}${shopPicturePath(shop)}`,
    imageAlt: `${shop.name}${rating}`,
  };
}

/** The shop's picture, with its photo read from the stored images. */
export async function shopPicture(shop: PublicShop): Promise<ShopPicture> {
  const imageId = shop.image ? Number(shop.image.split("/").pop()) : null;
  const photo =
    imageId && Number.isSafeInteger(imageId)
      ? await db().storedImage.findUnique({ where: { id: imageId, private: false }, select: { bytes: true } })
      : null;
  return {
    kind: "shop",
    name: shop.name,
    photo: photo ? new Uint8Array(photo.bytes) : null,
    rating: shop.rating,
    designCount: shop.designCount,
  };
}

// ---------------------------------------------------------------------------------------------
// A shop's design

export const DESIGN_NOT_FOUND = "ไม่พบแบบเสื้อนี้";

export interface PublicDesign {
  id: number;
  /** The base shirt's Thai name. */
  label: string;
  price: number;
  /** The design's own picture (its sample photo or the server's drawing). */
  image: string;
  choice: Choice;
  overrides: Overrides;
  /** The designer's address with this design's parts (spec /design?category=shirt&...). */
  designerHref: string;
  shop: { id: number; name: string };
}

/**
 * A design on sale (approved and priced) of a shop that can take orders: the public page
 * /designs/{id}. Anything else (pending, rejected, unpriced, a customer's cart design, a closed
 * shop) is not found.
 */
export async function getPublicDesign(designId: number): Promise<PublicDesign> {
  const design = Number.isSafeInteger(designId)
    ? await db().design.findFirst({
        where: { id: designId, ...ON_SALE, owner: READY_SHOP },
        select: {
          id: true,
          price: true,
          imageId: true,
          layout: true,
          baseId: true,
          collarId: true,
          placketId: true,
          shoulderId: true,
          pocketId: true,
          sideId: true,
          armId: true,
          hemId: true,
          colorId: true,
          fabricId: true,
          threadId: true,
          isTTape: true,
          owner: { select: { id: true, name: true, shopName: true } },
        },
      })
    : null;
  if (!design?.owner) throw new DomainError("not_found", DESIGN_NOT_FOUND);
  const choice = choiceOf(design);
  return {
    id: design.id,
    label: catalogueOption(design.baseId)?.labelTh ?? shirtLabel(choice),
    price: Number(design.price),
    image: designImageUrl(design),
    choice,
    overrides: (design.layout ?? {}) as Overrides,
    designerHref: `/design${searchOf(choice, { category: "shirt" })}`,
    shop: { id: design.owner.id, name: design.owner.shopName || design.owner.name },
  };
}

export function designPicture(design: PublicDesign): DesignPicture {
  return {
    kind: "design",
    choice: design.choice,
    overrides: design.overrides,
    title: design.label,
    shopName: design.shop.name,
    price: formatBaht(design.price),
  };
}

export function designPicturePath(design: PublicDesign): string {
  return `/share/designs/${design.id}/${pictureKey("design", designPicture(design))}.jpg`;
}

export function designShare(request: Request, design: PublicDesign): ShareInfo {
  const origin = publicOrigin(request);
  return {
    title: `${design.label} ${formatBaht(design.price)} | ${design.shop.name}`,
    description: `${design.label} แบบ #${design.id} ของ${design.shop.name} ราคา ${formatBaht(design.price)} เลือกขนาดแล้วสั่งตัดได้เลย หรือนำไปปรับแบบเองที่${site.shortName}`,
    url: pageAddress(origin, `/designs/${design.id}`),
    image: `${origin}${designPicturePath(design)}`,
    imageAlt: `${design.label} ของ${design.shop.name} ราคา ${formatBaht(design.price)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// The designer's link: the shirt in its address

export function designerPicture(choice: Choice): DesignPicture {
  return { kind: "design", choice, overrides: {}, title: shirtLabel(choice), shopName: null, price: null };
}

/** The picture of the shirt in a designer address: its parts are in the picture's address too. */
export function designerPicturePath(choice: Choice): string {
  return `/share/designer/${pictureKey("designer", designerPicture(choice))}.jpg${searchOf(choice)}`;
}

export function designerShare(request: Request, choice: Choice): ShareInfo {
  const origin = publicOrigin(request);
  const label = shirtLabel(choice);
  return {
    title: `${label} ที่ออกแบบเอง | ${site.shortName}`,
    description: "ดูเสื้อที่ออกแบบไว้ เลือกคอเสื้อ สาบ ลายผ้าทอ และสีต่อได้ แล้วสั่งตัดกับช่างในชุมชน",
    url: pageAddress(origin, "/design", searchOf(choice, { category: "shirt" })),
    image: `${origin}${designerPicturePath(choice)}`,
    imageAlt: `ภาพ${label}ที่ออกแบบไว้`,
  };
}
