import { choiceFromSearch } from "~/domain/designer/selection";
import { designerPictureContent, designerPicturePath } from "~/domain/sharing/designer-share";
import { drawPicture } from "~/domain/sharing/pictures.server";
import { methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/picture-designer";
import { answerPicture } from "./picture-answer.server";

/**
 * GET /share/designer/{key}.jpg?shirt=…&neck=…: the picture of a designer link, the shirt whose
 * parts are in the address (a customer who shares their design sends a picture of it).
 */
export function loader({ request }: Route.LoaderArgs) {
  const choice = choiceFromSearch(new URL(request.url).searchParams);
  return answerPicture(request, async () => ({
    path: designerPicturePath(choice),
    draw: () => drawPicture({ kind: "design", ...designerPictureContent(choice) }),
  }));
}

/** Only GET: anything else gets a Thai 405. */
export function action() {
  return methodNotAllowed(["GET"]);
}
