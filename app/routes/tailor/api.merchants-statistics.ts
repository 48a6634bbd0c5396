import { requireApiUser } from "~/auth/guards.server";
import { getMerchantStatistics } from "~/domain/statistics/merchant-statistics.server";
import { parsePeriod } from "~/domain/statistics/periods";
import { handleApi } from "~/http/responses.server";
import type { Route } from "./+types/api.merchants-statistics";

/** GET /api/merchants/statistics?period=week|month|year (omitted: all time): the signed-in tailor's figures. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: "merchant" });
    const period = parsePeriod(new URL(request.url).searchParams.get("period"));
    const { granularity: _granularity, ...statistics } = await getMerchantStatistics(user.id, period);
    return Response.json(statistics);
  });
}
