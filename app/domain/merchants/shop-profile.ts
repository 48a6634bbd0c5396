/**
 * A shop of one's own (issue 46): the name, description and photo a tailor shows the public, and
 * whether their address is among them. Pure: the settings page (server and browser), the admin's
 * form and PUT /api/merchants/me/shop share these rules (./shop-profile-form.ts, which a page loads
 * only when its form is used); the database bounds the description too (migration shop_profiles).
 */

export const SHOP_NAME_MAX = 80;
export const SHOP_DESCRIPTION_MAX = 500;

export const SHOP_PROFILE_MESSAGES = {
  nameRequired: "กรุณากรอกชื่อร้าน",
  nameTooLong: `ชื่อร้านต้องยาวไม่เกิน ${SHOP_NAME_MAX} ตัวอักษร`,
  descriptionTooLong: `คำอธิบายร้านต้องยาวไม่เกิน ${SHOP_DESCRIPTION_MAX} ตัวอักษร`,
  showAddress: "กรุณาระบุว่าจะแสดงที่อยู่ต่อสาธารณะหรือไม่ (true หรือ false)",
  saved: "บันทึกข้อมูลร้านเรียบร้อยแล้ว",
  photoSaved: "บันทึกรูปร้านเรียบร้อยแล้ว",
  photoRemoved: "ลบรูปร้านแล้ว",
  photoMissing: "กรุณาเลือกไฟล์รูปภาพ",
  photoFailed: "ไม่สามารถบันทึกรูปร้านได้",
} as const;

export interface ShopProfileInput {
  shopName: string;
  /** "" when the tailor writes none. */
  description: string;
  showAddress: boolean;
}

/**
 * What a new tailor still has to do before customers can order from them, in the order the
 * checklist shows it. The first two make a shop ready (isReadyShop); PromptPay and a first design
 * are advice: an order can be paid otherwise, and a customer can order a shirt they designed.
 */
export interface ShopChecklist {
  shopName: boolean;
  prices: boolean;
  promptPay: boolean;
  design: boolean;
}

/**
 * THE RULE (issue 46): a shop is listed publicly, has its own page and can be chosen once it can
 * take orders: an active tailor with a shop name and at least one priced pattern part (without
 * a price no order can be quoted). shops.server.ts writes the same rule for the database
 * (READY_SHOP, READY_SHOP_SQL); this is the rule as the checklist and tests read it.
 */
export function isReadyShop(shop: { shopName: string | null; pricedParts: number }): boolean {
  return (shop.shopName ?? "").trim() !== "" && shop.pricedParts > 0;
}
