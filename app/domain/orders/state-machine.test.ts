import { describe, expect, it } from "vitest";
import { MERCHANT_STEP_NOTICES } from "~/domain/orders/step-notices.server";
import {
  type ActorRole,
  allowedTargets,
  canTransition,
  MERCHANT_ACTIONS,
  merchantActionsFor,
  ORDER_STATUSES,
  type OrderStatusName,
  refusalMessage,
  statusClasses,
  statusLabel,
} from "./state-machine";

// Every (from, to) pair the machine allows, per role; everything else must be refused.
const allowed: Record<ActorRole, [OrderStatusName, OrderStatusName][]> = {
  user: [
    ["cart", "ordered"],
    ["ordered", "canceled"],
  ],
  merchant: [
    ["ordered", "accepted"],
    ["ordered", "canceled"],
    ["accepted", "completed"],
    ["accepted", "canceled"],
  ],
  admin: ORDER_STATUSES.flatMap((from) =>
    (["ordered", "accepted", "completed", "canceled"] as const)
      .filter((to) => to !== from)
      .map((to) => [from, to] as [OrderStatusName, OrderStatusName]),
  ),
};

describe("order state machine", () => {
  for (const role of ["user", "merchant", "admin"] as const) {
    describe(`as ${role}`, () => {
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const expected = allowed[role].some(([f, t]) => f === from && t === to);
          it(`${from} → ${to} is ${expected ? "allowed" : "refused"}`, () => {
            expect(canTransition(from, to, role)).toBe(expected);
            expect(allowedTargets(from, role).includes(to)).toBe(expected);
          });
        }
      }
    });
  }

  it("admin may never move an order back to the cart, nor to the status it has", () => {
    for (const from of ORDER_STATUSES) {
      expect(allowedTargets(from, "admin")).not.toContain("cart");
      expect(allowedTargets(from, "admin")).not.toContain(from);
    }
    expect(allowedTargets("cart", "admin")).toEqual(["ordered", "accepted", "completed", "canceled"]);
    expect(allowedTargets("completed", "admin")).toEqual(["ordered", "accepted", "canceled"]);
  });

  it("finished orders offer the tailor nothing", () => {
    expect(allowedTargets("completed", "merchant")).toEqual([]);
    expect(allowedTargets("canceled", "merchant")).toEqual([]);
    expect(merchantActionsFor("completed")).toEqual([]);
    expect(merchantActionsFor("cart")).toEqual([]);
  });

  it("offers accept/decline on an ordered order and complete/cancel on an accepted one", () => {
    expect(merchantActionsFor("ordered")).toEqual(["accept", "decline"]);
    expect(merchantActionsFor("accepted")).toEqual(["complete", "cancel"]);
    for (const action of Object.values(MERCHANT_ACTIONS))
      expect(canTransition(action.from, action.to, "merchant")).toBe(true);
  });

  it("uses the spec's Thai notices for the tailor's actions", () => {
    expect(MERCHANT_STEP_NOTICES.accept.success).toBe("รับงานสำเร็จ");
    expect(MERCHANT_STEP_NOTICES.complete.success).toBe("อัปเดตสถานะเป็นตัดเย็บเสร็จแล้ว");
    expect(MERCHANT_STEP_NOTICES.cancel.success).toBe("ยกเลิกคำสั่งซื้อสำเร็จ");
    expect(MERCHANT_STEP_NOTICES.accept.failure).toBe("เกิดข้อผิดพลาดในการรับงาน");
    expect(MERCHANT_STEP_NOTICES.complete.failure).toBe("เกิดข้อผิดพลาดในการอัปเดตสถานะ");
    expect(MERCHANT_STEP_NOTICES.cancel.failure).toBe("เกิดข้อผิดพลาดในการยกเลิกคำสั่งซื้อ");
  });

  it("labels and colours every status (ordered yellow, accepted blue, completed green, canceled red)", () => {
    expect(statusLabel("ordered")).toBe("รอช่างรับงาน");
    expect(statusLabel("accepted")).toBe("กำลังตัดเย็บ");
    expect(statusLabel("completed")).toBe("ตัดเย็บเสร็จแล้ว");
    expect(statusClasses("ordered")).toContain("amber");
    expect(statusClasses("accepted")).toContain("blue");
    expect(statusClasses("completed")).toContain("emerald");
    expect(statusClasses("canceled")).toContain("red");
    expect(refusalMessage("completed", "canceled")).toBe('ไม่สามารถเปลี่ยนสถานะจาก "ตัดเย็บเสร็จแล้ว" เป็น "ยกเลิกแล้ว" ได้');
  });
});
