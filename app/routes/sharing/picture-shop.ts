import { getPublicShop, SHOP_NOT_FOUND } from "~/domain/merchants/shops.server";
import { drawPicture } from "~/domain/sharing/pictures.server";
import { shopPicturePath } from "~/domain/sharing/share";
import { shopPicture } from "~/domain/sharing/share.server";
import { parseId } from "~/http/params";
import { methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/picture-shop";
import { answerPicture } from "./picture-answer.server";

/** GET /share/shops/{id}/{key}.jpg: a shop's preview picture (its name, photo and rating). */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPicture(request, async () => {
    const { shop } = await getPublicShop(parseId(params.id, SHOP_NOT_FOUND), 1);
    return { path: shopPicturePath(shop), draw: async () => drawPicture(await shopPicture(shop)) };
  });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
