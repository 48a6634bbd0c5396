import { requireApiUser } from "~/auth/guards.server";
import { resetLineLink } from "~/domain/users/accounts.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.line-reset";

/** POST /api/user/line/reset → unlinks LINE from the signed-in account. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context);
    await resetLineLink(user.id);
    return Response.json({ ok: true, message: "รีเซ็ตการเชื่อมต่อ LINE เรียบร้อย" });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
