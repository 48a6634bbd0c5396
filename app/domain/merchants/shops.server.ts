import { db } from "~/data/db.server";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { designImageUrl, storedImageUrl } from "~/domain/images/urls";

/**
 * The silk shops page (spec "/merchant/info"): every active tailor with contact details
 * and the designs on sale (approved by the admin and priced by the tailor), newest first.
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
  ownerName: string;
  detail: string | null;
  phone: string | null;
  email: string;
  address: string | null;
  lineId: string | null;
  image: string | null;
  designModels: ShopDesign[];
}

/** Spec section 8: the shops could not be loaded. */
export const SHOPS_FAILED = "ไม่สามารถโหลดข้อมูลร้านค้าได้";

const baseLabel = new Map(PATTERN_OPTIONS.map((option) => [option.sid, option.labelTh]));

export async function listPublicShops(): Promise<PublicShop[]> {
  const tailors = await db().user.findMany({
    where: { roles: { has: "merchant" }, status: "active" },
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      shopName: true,
      shopDetail: true,
      phone: true,
      email: true,
      address: true,
      lineId: true,
      shopImageId: true,
      designs: {
        // On sale: approved and priced (0 is the default of a design saved without a price).
        where: { status: "approved", price: { gt: 0 } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, imageId: true, baseId: true, price: true },
      },
    },
  });
  return tailors.map((tailor) => ({
    id: tailor.id,
    name: tailor.shopName || tailor.name,
    ownerName: tailor.name,
    detail: tailor.shopDetail,
    phone: tailor.phone,
    email: tailor.email,
    address: tailor.address,
    lineId: tailor.lineId,
    image: tailor.shopImageId ? storedImageUrl(tailor.shopImageId) : null,
    designModels: tailor.designs.map((design) => ({
      id: design.id,
      image: designImageUrl(design),
      label: baseLabel.get(design.baseId) ?? "แบบเสื้อ",
      price: design.price === null ? null : Number(design.price),
    })),
  }));
}
