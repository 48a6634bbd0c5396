import { db } from "~/data/db.server";
import { catalogueOption } from "~/domain/catalogue/options";
import { choiceOf, type Overrides, searchOf, shirtLabel } from "~/domain/designer/selection";
import { DESIGN_PART_SELECT } from "~/domain/designs/part-select";
import { DomainError } from "~/domain/errors";
import { designImageUrl } from "~/domain/images/urls";
import { ON_SALE, READY_SHOP } from "~/domain/merchants/shops.server";
import type { ShopPicture } from "./pictures.server";
import { DESIGN_NOT_FOUND, type SharedDesign, type SharedShop } from "./share";

/** The shared pages' data read from the database (issue 50): a design on sale, a shop's photo. */

/**
 * The shop's public address, without a trailing slash: PUBLIC_BASE_URL when set (the address
 * people reach it at, behind any proxy), otherwise the request's own.
 */
export function publicOrigin(request: Request): string {
  const base = process.env.PUBLIC_BASE_URL?.trim();
  if (base) {
    try {
      const url = new URL(base);
      if (url.protocol === "https:" || url.protocol === "http:") return url.origin;
    } catch {
      // An unusable PUBLIC_BASE_URL: the request's own address.
    }
  }
  return new URL(request.url).origin;
}

/** A shop's picture, with its photo read from the stored images. */
export async function shopPicture(shop: SharedShop): Promise<ShopPicture> {
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

export interface PublicDesign extends SharedDesign {
  /** The design's own picture (its sample photo or the server's drawing). */
  image: string;
  /** The designer's address with this design's parts (spec /design?category=shirt&...). */
  designerHref: string;
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
          ...DESIGN_PART_SELECT,
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
