import { describe, expect, it } from "vitest";
import { statusLabel } from "~/domain/orders/state-machine";
import { isNotifiedStatus, NOTIFIED_STATUSES, orderNotificationText, orderPagePath } from "./order-messages";

describe("LINE messages about orders", () => {
  it("name the order, the new status in the shop's Thai words, and each side's own order page", () => {
    for (const toStatus of NOTIFIED_STATUSES) {
      const customer = orderNotificationText({
        orderId: 42,
        toStatus,
        audience: "customer",
        baseUrl: "https://shop.example",
      });
      const tailor = orderNotificationText({
        orderId: 42,
        toStatus,
        audience: "tailor",
        baseUrl: "https://shop.example",
      });
      for (const text of [customer, tailor]) {
        expect(text).toContain("คำสั่งซื้อ #42");
        expect(text).toContain(`สถานะ: ${statusLabel(toStatus)}`);
        expect(text.length).toBeLessThan(200);
      }
      expect(customer).toContain("https://shop.example/user/product/42");
      expect(tailor).toContain("https://shop.example/merchant/order/42");
    }
    expect(orderPagePath(7, "tailor")).toBe("/merchant/order/7");
  });

  it("say nothing about a cart", () => {
    expect(isNotifiedStatus("cart")).toBe(false);
    expect(NOTIFIED_STATUSES.every(isNotifiedStatus)).toBe(true);
  });
});
