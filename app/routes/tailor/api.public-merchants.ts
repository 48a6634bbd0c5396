import { listPublicShops } from "~/domain/merchants/shops.server";
import type { Route } from "./+types/api.public-merchants";

/** GET /api/public/merchants: every active tailor with contact details and approved designs (id, image, price). */
export async function loader(_: Route.LoaderArgs) {
  const shops = await listPublicShops();
  return Response.json(
    shops.map((shop) => ({
      id: shop.id,
      name: shop.name,
      phone: shop.phone,
      email: shop.email,
      address: shop.address,
      image: shop.image,
      designModels: shop.designModels.map((design) => ({ id: design.id, image: design.image, price: design.price })),
    })),
  );
}
