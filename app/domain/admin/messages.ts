/** The admin screens' notices in Thai (spec section 8, admin toasts). Pure. */

export const ADMIN_MESSAGES = {
  userDeleted: "ลบผู้ใช้เรียบร้อย",
  userDeleteFailed: "ไม่สามารถลบผู้ใช้ได้",
  userDeleteError: "เกิดข้อผิดพลาดในการลบผู้ใช้",
  userAdded: "เพิ่มผู้ใช้เรียบร้อย",
  userUpdated: "อัปเดตผู้ใช้เรียบร้อย",
  userSaveFailed: "ไม่สามารถบันทึกข้อมูลได้",
  userSaveError: "เกิดข้อผิดพลาดในการบันทึกข้อมูล",
  usersLoadFailed: "ไม่สามารถโหลดข้อมูลผู้ใช้ได้",
  designsLoadFailed: "ไม่สามารถโหลดข้อมูลแบบเสื้อได้",
  loadError: "เกิดข้อผิดพลาดในการโหลดข้อมูล",
  designApproved: "อนุมัติแบบเสื้อเรียบร้อย",
  approveFailed: "ไม่สามารถอนุมัติแบบเสื้อได้",
  approveError: "เกิดข้อผิดพลาดในการอนุมัติ",
  designRejected: "ปฏิเสธแบบเสื้อเรียบร้อย",
  rejectFailed: "ไม่สามารถปฏิเสธแบบเสื้อได้",
  rejectReasonRequired: "กรุณาบอกเหตุผลที่ไม่อนุมัติ ช่างจะเห็นเหตุผลนี้เพื่อแก้ไขแบบ",
  rejectReasonTooLong: "เหตุผลยาวเกินไป (ไม่เกิน 500 ตัวอักษร)",
  rejectReasonNotText: "เหตุผลต้องเป็นข้อความ",
  rejectError: "เกิดข้อผิดพลาดในการปฏิเสธ",
  ordersLoadFailed: "ไม่สามารถโหลดข้อมูลคำสั่งซื้อได้",
  statusFailed: "ไม่สามารถอัปเดตสถานะได้",
  statusError: "เกิดข้อผิดพลาดในการอัปเดตสถานะ",
  statisticsLoadFailed: "ไม่สามารถโหลดข้อมูลสถิติได้",
} as const;

export function statusUpdatedMessage(label: string): string {
  return `อัปเดตสถานะเป็น ${label} เรียบร้อย`;
}
