import { drawPicture } from "~/domain/sharing/pictures.server";
import { SITE_PICTURE_PATH } from "~/domain/sharing/share";
import { methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/picture-site";
import { answerPicture } from "./picture-answer.server";

/** GET /share/site/{key}.jpg: the shop's own preview picture (the home page and the silk shops). */
export function loader({ request }: Route.LoaderArgs) {
  return answerPicture(request, async () => ({ path: SITE_PICTURE_PATH, draw: () => drawPicture({ kind: "site" }) }));
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
