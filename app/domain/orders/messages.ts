import { ADD_MESSAGES } from "./add-messages";

/** Thai messages of the order domain (spec section 8 where it gives them). Pure. */

export const ORDER_MESSAGES = {
  ...ADD_MESSAGES,
  notSignedIn: "กรุณาเข้าสู่ระบบก่อนดูรายละเอียดคำสั่งซื้อ",
  forbidden: "คุณไม่มีสิทธิ์ดูคำสั่งซื้อนี้",
  notFound: "ไม่พบคำสั่งซื้อ",
  loadFailed: "เกิดข้อผิดพลาดในการโหลดข้อมูลคำสั่งซื้อ",
  missingId: "ไม่พบรหัสคำสั่งซื้อ",
  badId: "รหัสคำสั่งซื้อไม่ถูกต้อง",
  changedMeanwhile: "คำสั่งซื้อนี้เพิ่งถูกเปลี่ยนสถานะโดยผู้อื่น กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง",
  notYetOrdered: "รายการนี้ยังอยู่ในตะกร้า ยังไม่ได้สั่งตัด",
  placed: "สั่งตัดเสื้อเรียบร้อยแล้ว",
  needTailors: "กรุณาเลือกผู้ตัดให้ครบ",
  emptyCart: "ไม่มีสินค้าในตะกร้า",
  cartChanged: "ตะกร้าสินค้ามีการเปลี่ยนแปลง กรุณาตรวจสอบรายการอีกครั้งก่อนสั่งตัด",
  needAddress: "กรุณาเพิ่มที่อยู่จัดส่งก่อนสั่งตัด",
  // The review page (/cart/review): a placement that names no line.
  noLinesChosen: "กรุณาเลือกรายการที่ต้องการสั่งตัด",
  addressSaved: "บันทึกที่อยู่จัดส่งแล้ว",
  addressRequired: "กรุณากรอกที่อยู่จัดส่ง",
  addressTooLong: "ที่อยู่ยาวเกินไป (ไม่เกิน 500 ตัวอักษร)",
  addedToCart: "เพิ่มลงตะกร้าเรียบร้อยแล้ว",
  cartItemNotFound: "ไม่พบสินค้านี้ในตะกร้า",
  removed: "นำสินค้าออกจากตะกร้าแล้ว",
  quantityUpdated: "อัปเดตจำนวนแล้ว",
  tailorChosen: "เลือกช่างตัดเรียบร้อยแล้ว",
  tailorNotFound: "ไม่พบช่างตัดที่เลือก",
  /** A tailor the choice does not list (no shop name or no prices yet: decision 104), named by a forged form or call. */
  tailorNotListed: "ร้านนี้ยังไม่เปิดรับคำสั่งซื้อ กรุณาเลือกช่างตัดจากรายการ",
  tailorGone: "ช่างตัดบางรายในตะกร้าไม่ได้เปิดรับงานแล้ว กรุณาเลือกช่างตัดใหม่หรือนำรายการนั้นออก",
  tailorUnavailable: "ช่างตัดรายนี้ยังไม่ได้ตั้งราคาบางชิ้นส่วนของแบบเสื้อนี้",
  noTailorChoice: "รายการนี้เป็นแบบเสื้อของร้าน เลือกช่างตัดไม่ได้",
  // An admin moving an order never placed into ordered, accepted or completed (decision 32).
  adminNeedsTailorAndPrice: "ย้ายรายการในตะกร้าเป็นคำสั่งซื้อได้เมื่อเลือกช่างและมีราคาแล้วเท่านั้น",
  adminTailorGone: "ช่างตัดของรายการนี้ไม่ได้เปิดรับงานแล้ว จึงย้ายเป็นคำสั่งซื้อไม่ได้",
  adminNeedsAddress: "ผู้ซื้อยังไม่มีที่อยู่จัดส่ง จึงย้ายรายการนี้เป็นคำสั่งซื้อไม่ได้",
} as const;
