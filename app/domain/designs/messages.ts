/** The designer's and designs' notices and errors (spec sections 5, 7 and 8). */
export const NEED_IMAGE = "กรุณาสร้างภาพก่อนบันทึก";
export const ADDED_TO_CART = "เพิ่มลงตะกร้าเรียบร้อยแล้ว";
export const DESIGN_SAVED = "บันทึกการออกแบบเรียบร้อย";
export const DESIGN_UPDATED = "อัพเดทการออกแบบเรียบร้อย";
export const UPLOAD_FAILED = "เกิดข้อผิดพลาดในการอัพโหลดรูปภาพ";
export const SAVE_FAILED = "ไม่สามารถบันทึกการออกแบบได้";
export const SAVE_NETWORK_FAILED = "เกิดข้อผิดพลาดในการบันทึกการออกแบบ";
/** A customer's add to the cart that got no answer: the design stays on screen, sending again retries. */
export const ADD_NETWORK_FAILED = "เชื่อมต่อไม่สำเร็จ แบบเสื้อยังอยู่ครบ กรุณาตรวจสอบอินเทอร์เน็ตแล้วกด ลองอีกครั้ง";
export const ADD_FAILED = "ไม่สามารถเพิ่มลงตะกร้าได้ในขณะนี้ แบบเสื้อยังอยู่ครบ กรุณากด ลองอีกครั้ง";
export const BAD_PRICE = "ราคาต้องเป็นตัวเลขตั้งแต่ 0 ขึ้นไป";
/** A JSON call's design price that is not a number (decision 46). */
export const PRICE_NOT_A_NUMBER = "กรุณาระบุราคาเป็นตัวเลข";
/** A design at price 0 (the default when saved without one) is not offered for sale. */
export const NOT_FOR_SALE_YET = "แบบนี้ยังไม่กำหนดราคา จึงยังไม่แสดงในหน้าร้านและสั่งซื้อไม่ได้";
/** A new sample photo waits for the admin, and the design leaves the shop page meanwhile. */
export const SAMPLE_AWAITS_APPROVAL = "รูปตัวอย่างรอผู้ดูแลระบบอนุมัติ ระหว่างนี้แบบนี้ไม่แสดงในหน้าร้าน";
/** The size cut to the customer's own measurements (issue 22). */
export const MEASUREMENTS_MESSAGES = {
  chooseProfile: "กรุณาเลือกสัดส่วนที่จะใช้ตัดเสื้อตัวนี้",
  profileNotFound: "ไม่พบสัดส่วนที่เลือก กรุณาเลือกใหม่",
  profileGone: "สัดส่วนที่เลือกไว้ถูกลบไปแล้ว กรุณาเลือกสัดส่วนใหม่ในตะกร้า",
  notForShopDesigns: "แบบเสื้อของร้านใช้ขนาดตามสัดส่วนของลูกค้าไม่ได้ กรุณาเลือกขนาดมาตรฐานหรือเว้นไว้",
  notCustomSize: "รายการนี้ไม่ได้เลือกขนาดตามสัดส่วน",
  changed: "เปลี่ยนสัดส่วนของรายการนี้แล้ว",
} as const;
