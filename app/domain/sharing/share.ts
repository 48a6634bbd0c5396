import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";
import type { Choice, Overrides } from "~/domain/designer/selection";
import { formatBaht } from "~/lib/format";

/**
 * How a page of the shop looks when its link is shared (issue 50): the Open Graph and Twitter
 * tags LINE, Facebook and X read (absolute addresses only), the address of each preview picture,
 * and the share links. Pure: the pages' `meta` and share buttons use it, the picture routes too.
 *
 * A picture's address carries a hash of everything drawn on it (pictureKey): LINE keeps a
 * preview by its address, so a changed picture must get a new address, and the picture at an
 * address never changes (served as immutable). Only addresses are made here, from data the page
 * has anyway: a picture is drawn when it is fetched, never while a page waits.
 */
export interface ShareInfo {
  title: string;
  description: string;
  /** The page's own absolute address. */
  url: string;
  /** The preview picture's absolute address (1200×630 JPEG). */
  image: string;
  imageAlt: string;
}

export const PICTURE_SIZE = { width: 1200, height: 630 } as const;
/** Raised when the drawing itself changes: every picture gets a new address. */
export const DRAWING_VERSION = 1;

/** The hash in a picture's address (16 hex digits; two 32-bit FNV-1a of the JSON, not a secret). */
export function pictureKey(kind: string, content: unknown): string {
  const text = JSON.stringify([DRAWING_VERSION, kind, content]);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/** The tags of a shared page: og:title, og:description, og:image, og:url and twitter:card, with the page's title. */
export function socialMeta(share: ShareInfo, pageTitle = share.title): MetaDescriptor[] {
  return [
    { title: pageTitle },
    { name: "description", content: share.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.enterpriseName },
    { property: "og:locale", content: "th_TH" },
    { property: "og:title", content: share.title },
    { property: "og:description", content: share.description },
    { property: "og:url", content: share.url },
    { property: "og:image", content: share.image },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(PICTURE_SIZE.width) },
    { property: "og:image:height", content: String(PICTURE_SIZE.height) },
    { property: "og:image:alt", content: share.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: share.title },
    { name: "twitter:description", content: share.description },
    { name: "twitter:image", content: share.image },
  ];
}

/**
 * The shop's public address, as the root's loader gives it to every page (PUBLIC_BASE_URL, or
 * the request's own): `meta` reads it from the matches.
 */
export function originOf(matches: readonly unknown[]): string {
  for (const match of matches) {
    const found = match as { id?: string; data?: { origin?: unknown }; loaderData?: { origin?: unknown } } | undefined;
    if (found?.id !== "root") continue;
    const origin = found.loaderData?.origin ?? found.data?.origin;
    if (typeof origin === "string") return origin;
  }
  return "";
}

/** LINE's share address: opens LINE (app or web) with the title and the link typed in. */
export function lineShareUrl(title: string, url: string): string {
  return `https://line.me/R/share?text=${encodeURIComponent(`${title}\n${url}`)}`;
}

/** A description of at most 160 characters (what chats and search results show), cut between words. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

// ---------------------------------------------------------------------------------------------
// The shop as a whole: the home page and the silk shops

export const SITE_PICTURE_PATH = `/share/site/${pictureKey("site", [site.enterpriseName, site.tagline])}.jpg`;

export function siteShare(origin: string, pathname: string, title: string, description: string): ShareInfo {
  return {
    title,
    description,
    url: `${origin}${pathname}`,
    image: `${origin}${SITE_PICTURE_PATH}`,
    imageAlt: `${site.enterpriseName}: ${site.tagline}`,
  };
}

// ---------------------------------------------------------------------------------------------
// A shop

/** What a shop's picture and card say of it (a PublicShop has all of it). */
export interface SharedShop {
  id: number;
  name: string;
  ownerName: string;
  detail: string | null;
  /** The shop photo's address (a stored image's, whose bytes never change), or null. */
  image: string | null;
  rating: { average: number; count: number };
  designCount: number;
}

export function shopPictureContent(shop: SharedShop) {
  return { name: shop.name, photo: shop.image, rating: shop.rating, designCount: shop.designCount };
}

export function shopPicturePath(shop: SharedShop): string {
  return `/share/shops/${shop.id}/${pictureKey("shop", shopPictureContent(shop))}.jpg`;
}

function ratingText(rating: SharedShop["rating"]): string {
  return rating.count > 0 ? `คะแนน ${rating.average.toFixed(1)} จาก ${rating.count} รีวิว` : "";
}

export function shopShare(origin: string, shop: SharedShop): ShareInfo {
  const rating = ratingText(shop.rating);
  return {
    title: `${shop.name} | ${site.shortName}`,
    description: shortDescription(
      shop.detail ||
        `ร้านผ้าไหมของ${shop.ownerName} แบบเสื้อ ${shop.designCount} แบบ ${rating} สั่งตัดได้ที่${site.enterpriseName}`,
    ),
    url: `${origin}/merchant/info/${shop.id}`,
    image: `${origin}${shopPicturePath(shop)}`,
    imageAlt: [shop.name, rating].filter(Boolean).join(" "),
  };
}

// ---------------------------------------------------------------------------------------------
// A shop's design (/designs/{id}); the designer's link is designer-share.ts

/** Said for a design that is not on sale (its page and picture are 404). */
export const DESIGN_NOT_FOUND = "ไม่พบแบบเสื้อนี้";

export interface SharedDesign {
  id: number;
  /** The base shirt's Thai name. */
  label: string;
  price: number;
  choice: Choice;
  overrides: Overrides;
  shop: { id: number; name: string };
}

/** What a design's picture shows: the shirt, its name, shop and price. */
export function designPictureContent(design: SharedDesign) {
  return {
    choice: design.choice,
    overrides: design.overrides,
    title: design.label,
    shopName: design.shop.name as string | null,
    price: formatBaht(design.price) as string | null,
  };
}

export function designPicturePath(design: SharedDesign): string {
  return `/share/designs/${design.id}/${pictureKey("design", designPictureContent(design))}.jpg`;
}

export function designShare(origin: string, design: SharedDesign): ShareInfo {
  const price = formatBaht(design.price);
  return {
    title: `${design.label} ${price} | ${design.shop.name}`,
    description: `${design.label} แบบ #${design.id} ของ${design.shop.name} ราคา ${price} เลือกขนาดแล้วสั่งตัดได้เลย หรือนำไปปรับแบบเองที่${site.shortName}`,
    url: `${origin}/designs/${design.id}`,
    image: `${origin}${designPicturePath(design)}`,
    imageAlt: `${design.label} ของ${design.shop.name} ราคา ${price}`,
  };
}
