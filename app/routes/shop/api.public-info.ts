import { getPublicInfo } from "~/domain/users/public-info.server";
import type { Route } from "./+types/api.public-info";

/** GET /api/public/info → { userCount, merchantCount } */
export async function loader(_: Route.LoaderArgs) {
  return Response.json(await getPublicInfo(), { headers: { "Cache-Control": "public, max-age=60" } });
}
