import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import * as merchantSelect from "~/routes/orders/merchant-select";
import { callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { customerWithDesign, tailorWithPrices } from "./support";

/**
 * Errors stay (issue 45): a refused choice of tailor answers the same page (its item, its list)
 * with the reason beside the choice, not only in the 2-second notice; nothing changes.
 */

const THAI = /[\u0E00-\u0E7F]/;

describe("choosing a tailor", () => {
  it("a tailor who is not there, or cannot make the design: the page again with the reason, nothing chosen", async () => {
    const { cookie, item } = await customerWithDesign();
    const path = `/merchant/select?productId=${item.id}`;
    const missing = await callRoute(merchantSelect.action, path, {
      cookie,
      form: { productId: String(item.id), merchantId: "999999" },
    });
    expect(await fullNoticeOf(missing)).toBeNull();
    expect(statusOf(missing)).toBeGreaterThanOrEqual(400);
    expect((missing as { data: unknown }).data).toEqual({ chooseError: ORDER_MESSAGES.tailorNotFound });

    // Prices only the shirt, not the collar and hem this design has.
    const { tailor } = await tailorWithPrices({ shirt1: 450 }, "ร้านที่ตัดแบบนี้ไม่ได้");
    const cannot = await callRoute(merchantSelect.action, path, {
      cookie,
      form: { productId: String(item.id), merchantId: String(tailor.id) },
    });
    expect(statusOf(cannot)).toBeGreaterThanOrEqual(400);
    const { chooseError } = (cannot as { data: { chooseError: string } }).data;
    expect(chooseError).toMatch(THAI);
    expect((await db().order.findUniqueOrThrow({ where: { id: item.id } })).sellerId).toBeNull();
  });
});
