/**
 * The words of adding a design to the cart that the silk shops' cards show (add-refusals.ts), apart
 * from the rest of ORDER_MESSAGES (messages.ts takes them in): a card's script loads these four,
 * not the order domain's every message. Pure.
 */
export const ADD_MESSAGES = {
  addToCartFailed: "ไม่สามารถเพิ่มสินค้าลงตะกร้าได้",
  badQuantity: "จำนวนต้องเป็นจำนวนเต็มตั้งแต่ 1 ขึ้นไป",
  designNotFound: "ไม่พบแบบเสื้อนี้ หรือแบบเสื้อยังไม่พร้อมจำหน่าย",
  designHasNoPrice: "แบบเสื้อนี้ยังไม่กำหนดราคา จึงยังสั่งซื้อไม่ได้",
} as const;
