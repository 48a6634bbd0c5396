import type { MerchantAction } from "./state-machine";

/**
 * The notice after each of the tailor's steps on an order, and the one when it fails (spec section
 * 8). Only the server says them, so no page's script carries them.
 */
export const MERCHANT_STEP_NOTICES: Record<MerchantAction, { success: string; failure: string }> = {
  accept: { success: "รับงานสำเร็จ", failure: "เกิดข้อผิดพลาดในการรับงาน" },
  decline: { success: "ยกเลิกคำสั่งซื้อสำเร็จ", failure: "เกิดข้อผิดพลาดในการยกเลิกคำสั่งซื้อ" },
  complete: { success: "อัปเดตสถานะเป็นตัดเย็บเสร็จแล้ว", failure: "เกิดข้อผิดพลาดในการอัปเดตสถานะ" },
  cancel: { success: "ยกเลิกคำสั่งซื้อสำเร็จ", failure: "เกิดข้อผิดพลาดในการยกเลิกคำสั่งซื้อ" },
};
