import { drawPicture } from "~/domain/sharing/pictures.server";
import { DESIGN_NOT_FOUND, designPictureContent, designPicturePath } from "~/domain/sharing/share";
import { getPublicDesign } from "~/domain/sharing/share.server";
import { parseId } from "~/http/params";
import { methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/picture-design";
import { answerPicture } from "./picture-answer.server";

/** GET /share/designs/{id}/{key}.jpg: a design's preview picture (the shirt, its shop and price). */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerPicture(request, async () => {
    const design = await getPublicDesign(parseId(params.id, DESIGN_NOT_FOUND));
    return {
      path: designPicturePath(design),
      draw: () => drawPicture({ kind: "design", ...designPictureContent(design) }),
    };
  });
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
