import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as apiCartAdd from "~/routes/orders/api.cart-add";
import * as apiCartItem from "~/routes/orders/api.cart-item";
import * as apiPlace from "~/routes/orders/api.orders-place";
import * as apiSelect from "~/routes/orders/api.orders-select-merchant";
import * as selectPage from "~/routes/orders/merchant-select";
import * as pricingPage from "~/routes/tailor/pricing";
import { callRoute, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";
import { customerWithDesign, tailorWithPrices } from "./support";

/**
 * The quote (DESIGN.md section 4, decisions 11 and 14): a part the tailor priced at 0 baht is a
 * price (the part is free), not a missing one; and the price of an item is unit × quantity from
 * the tailor list through the cart to the placed order.
 */

const call = (fn: unknown, path: string, options?: Parameters<typeof callRoute>[2]) =>
  callRoute(fn as never, path, options);

type Choices = { items: { id: number; quote: Record<string, unknown>; unavailableReason: string | null }[] };

async function choicesFor(cookie: string, itemId: number): Promise<Choices> {
  return (await call(selectPage.loader, `/merchant/select?productId=${itemId}`, { cookie })) as Choices;
}

async function itemRow(id: number) {
  const row = await db().order.findUniqueOrThrow({ where: { id } });
  return {
    quantity: row.quantity,
    unitPrice: Number(row.unitPrice),
    totalPrice: Number(row.totalPrice),
    status: row.status,
    priceLines: row.priceLines,
  };
}

describe("a part priced at 0 baht counts as priced", () => {
  it("the tailor who makes the collar for free is offered, with a 0-baht line, and can be chosen", async () => {
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1" }, 1);
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 0 }, "ร้านคอฟรี");

    const offered = (await choicesFor(cookie, item.id)).items.find((choice) => choice.id === tailor.id)!;
    expect(offered.unavailableReason).toBeNull();
    expect(offered.quote).toEqual({
      available: true,
      unitPrice: 450,
      totalPrice: 450,
      lines: [
        { category: "shirt", sid: "shirt1", price: 450 },
        { category: "neck", sid: "neck1", price: 0 },
      ],
    });

    const chosen = await call(apiSelect.action, "/api/orders/select_merchant", {
      cookie,
      json: { productId: item.id, merchantId: tailor.id },
    });
    expect(statusOf(chosen)).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({
      unitPrice: 450,
      totalPrice: 450,
      priceLines: [
        { sid: "shirt1", price: 450 },
        { sid: "neck1", price: 0 },
      ],
    });
  });

  it("the tailor's price list shows a 0-baht part as 0, not as a part they do not make", async () => {
    const { cookie, tailor } = await tailorWithPrices({ neck1: 0, neck2: 65 });
    const page = (await call(pricingPage.loader, "/merchant/pricing", { cookie })) as {
      groups: { parts: { sid: string; price: number | null }[] }[];
    };
    const parts = page.groups.flatMap((group) => group.parts);
    expect(parts.find((part) => part.sid === "neck1")!.price).toBe(0);
    expect(parts.find((part) => part.sid === "neck2")!.price).toBe(65);
    expect(parts.find((part) => part.sid === "neck3")!.price).toBeNull();
    expect(await db().partPrice.count({ where: { merchantId: tailor.id } })).toBe(2);
  });
});

describe("the price is for the whole quantity", () => {
  it("3 shirts are quoted, chosen and placed at 3 × the unit price, and a new quantity changes the total", async () => {
    const { cookie, item } = await customerWithDesign({ baseId: "shirt1", collarId: "neck1", hemId: "hem2" }, 3);
    const { tailor } = await tailorWithPrices({ shirt1: 450, neck1: 60.5, hem2: 90.25 });

    const offered = (await choicesFor(cookie, item.id)).items.find((choice) => choice.id === tailor.id)!;
    expect(offered.quote).toMatchObject({ available: true, unitPrice: 600.75, totalPrice: 1802.25 });

    expect(
      statusOf(
        await call(apiSelect.action, "/api/orders/select_merchant", {
          cookie,
          json: { productId: item.id, merchantId: tailor.id },
        }),
      ),
    ).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ quantity: 3, unitPrice: 600.75, totalPrice: 1802.25 });

    const id = String(item.id);
    expect(
      statusOf(
        await call(apiCartItem.action, `/api/cart/${id}`, {
          cookie,
          method: "PATCH",
          params: { id },
          json: { quantity: 5 },
        }),
      ),
    ).toBe(200);
    expect(await itemRow(item.id)).toMatchObject({ quantity: 5, unitPrice: 600.75, totalPrice: 3003.75 });

    expect(statusOf(await call(apiPlace.action, "/api/orders/place", { cookie, method: "PATCH" }))).toBe(200);
    // Placed, the total adds the tailor's shipping fee (a new tailor's 50 baht), frozen (issue 45).
    expect(await itemRow(item.id)).toMatchObject({ status: "ordered", quantity: 5, totalPrice: 3053.75 });
  });

  it("a tailor's shop design: 2 in the cart cost 2 × its price; adding 3 more makes 5 at 5 × its price", async () => {
    const { tailor } = await tailorWithPrices({});
    const design = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt4", price: 1250.5, status: "approved" },
    });
    const { cookie } = await signedIn();

    const added = await call(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: design.id, quantity: 2, sizeId: "size2" },
    });
    expect(statusOf(added)).toBe(201);
    const { id } = (await (added as Response).json()) as { id: number };
    expect(await itemRow(id)).toMatchObject({ quantity: 2, unitPrice: 1250.5, totalPrice: 2501 });

    const again = await call(apiCartAdd.action, "/api/cart/add", {
      cookie,
      json: { designId: design.id, quantity: 3, sizeId: "size2" },
    });
    expect(((await (again as Response).json()) as { id: number }).id).toBe(id);
    expect(await itemRow(id)).toMatchObject({ quantity: 5, unitPrice: 1250.5, totalPrice: 6252.5 });
  });
});
