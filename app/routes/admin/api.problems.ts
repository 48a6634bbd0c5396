import { requireApiUser } from "~/auth/guards.server";
import { listOpenProblems } from "~/domain/orders/problems.server";
import { pageOf } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.problems";

/**
 * GET /admin/problems[?page=N] → { items: [{ id, orderId, buyerName, tailorName, reason, photoUrl,
 * reportedAt, ... }], page, pageCount, total }: the open problems buyers reported (issue 46), the
 * one waiting longest first, 20 a page, as `/admin/manage/problems` lists them. Admins only.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(context, { roles: "admin" });
    return Response.json(await listOpenProblems(pageOf(new URL(request.url).searchParams)));
  });
}

/** Anything but GET gets a Thai 405 (a problem is closed at /admin/problems/{id}/close). */
export function action() {
  return methodNotAllowed(["GET"]);
}
