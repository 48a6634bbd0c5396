/** The designer's and designs' notices and errors (spec sections 5, 7 and 8). */
export const NEED_IMAGE = "กรุณาสร้างภาพก่อนบันทึก";
export const ADDED_TO_CART = "เพิ่มลงตะกร้าเรียบร้อยแล้ว";
export const DESIGN_SAVED = "บันทึกการออกแบบเรียบร้อย";
export const DESIGN_UPDATED = "อัพเดทการออกแบบเรียบร้อย";
export const UPLOAD_FAILED = "เกิดข้อผิดพลาดในการอัพโหลดรูปภาพ";
export const SAVE_FAILED = "ไม่สามารถบันทึกการออกแบบได้";
export const SAVE_NETWORK_FAILED = "เกิดข้อผิดพลาดในการบันทึกการออกแบบ";
export const BAD_PRICE = "ราคาต้องเป็นตัวเลขตั้งแต่ 0 ขึ้นไป";
/** A JSON call's design price that is not a number (decision 46). */
export const PRICE_NOT_A_NUMBER = "กรุณาระบุราคาเป็นตัวเลข";
/** A design at price 0 (the default when saved without one) is not offered for sale. */
export const NOT_FOR_SALE_YET = "แบบนี้ยังไม่กำหนดราคา จึงยังไม่แสดงในหน้าร้านและสั่งซื้อไม่ได้";
/** A new sample photo waits for the admin, and the design leaves the shop page meanwhile. */
export const SAMPLE_AWAITS_APPROVAL = "รูปตัวอย่างรอผู้ดูแลระบบอนุมัติ ระหว่างนี้แบบนี้ไม่แสดงในหน้าร้าน";
