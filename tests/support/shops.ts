import { db } from "~/data/db.server";
import { seedCatalogue } from "~/domain/setup/seed.server";

/**
 * Makes a test tailor's shop ready to take orders (issue 46: a shop name, which createTestUser
 * gives every tailor, and a priced part), so the silk shops list it and it has its own page.
 * `showAddress` also makes their address public, as the tailor can choose on /merchant/shop.
 */
export async function readyShop(tailorId: number, options: { showAddress?: boolean } = {}): Promise<void> {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
  await db().partPrice.upsert({
    where: { merchantId_patternSid: { merchantId: tailorId, patternSid: "shirt1" } },
    create: { merchantId: tailorId, patternSid: "shirt1", price: 450 },
    update: {},
  });
  if (options.showAddress) await db().user.update({ where: { id: tailorId }, data: { showAddress: true } });
}
