import type { PaymentAction } from "./payment-states";

/*
 * What the server answers about a payment: its refusals, and the notice after each of the tailor's
 * steps. Only the server says them, so no page's script carries them (the words a page draws are in
 * ./payment-states.ts).
 */

export const PAYMENT_ANSWERS = {
  notFound: "ไม่พบข้อมูลการชำระเงินของคำสั่งซื้อนี้",
  notYet: "ชำระเงินได้หลังจากช่างรับงานแล้ว",
  cannotSendSlip: "คำสั่งซื้อนี้ไม่ต้องส่งสลิปแล้ว",
  slipRequired: "กรุณาเลือกรูปสลิปโอนเงิน",
  slipSent: "ส่งสลิปเรียบร้อยแล้ว รอช่างตัดตรวจสอบ",
  slipFailed: "ไม่สามารถส่งสลิปได้",
  balanceBeforeShipping: "ยังไม่ได้รับเงินส่วนที่เหลือ กรุณายืนยันการชำระเงินก่อนจัดส่ง",
  slipUsedBefore: "สลิปนี้เคยใช้ชำระเงินไปแล้ว กรุณาส่งสลิปของการโอนครั้งนี้",
  slipReaderBusy: "ขณะนี้มีสลิปรอตรวจจำนวนมาก กรุณาส่งสลิปอีกครั้งในอีกสักครู่",
  unknownAction: "ไม่รู้จักคำสั่งนี้",
  changedMeanwhile: "สถานะการชำระเงินเปลี่ยนไปแล้ว กรุณาโหลดหน้าใหม่",
} as const;

/** The notice after a tailor's step on a payment, and the one when it fails. */
export const PAYMENT_STEP_NOTICES: Record<PaymentAction, { success: string; failure: string }> = {
  confirm: { success: "ยืนยันการชำระเงินเรียบร้อยแล้ว", failure: "ไม่สามารถยืนยันการชำระเงินได้" },
  reject: { success: "แจ้งลูกค้าให้ส่งสลิปใหม่แล้ว", failure: "ไม่สามารถขอสลิปใหม่ได้" },
  cash: { success: "บันทึกการรับชำระเงินเรียบร้อยแล้ว", failure: "ไม่สามารถบันทึกการรับชำระเงินได้" },
  refunded: { success: "บันทึกการคืนเงินเรียบร้อยแล้ว", failure: "ไม่สามารถบันทึกการคืนเงินได้" },
};
