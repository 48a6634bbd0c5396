import { requireApiUser } from "~/auth/guards.server";
import { getAdminStatistics } from "~/domain/admin/statistics.server";
import { isPeriod } from "~/domain/statistics/periods";
import { handleApi, jsonError } from "~/http/responses.server";
import type { Route } from "./+types/api.statistics";

/** GET /api/admin/dashboard/statistics?period=week|month|year (omitted: all time). */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(context, { roles: "admin" });
    const period = new URL(request.url).searchParams.get("period") || "all";
    if (!isPeriod(period)) return jsonError(400, "ช่วงเวลาไม่ถูกต้อง (week, month, year)");
    return Response.json(await getAdminStatistics(period));
  });
}
