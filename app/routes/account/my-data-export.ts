import { requireUser } from "~/auth/guards.server";
import { personalDataExport } from "~/domain/users/personal-data.server";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/my-data-export";

/** GET /profile/data/export: everything the shop holds about the signed-in person, as JSON (PDPA; decision 52). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  const text = await orPageError(() => personalDataExport(user.id));
  return new Response(text, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${user.id}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
