import { endSession } from "~/auth/session.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.logout";

/** POST /api/auth/logout → { ok } and a cleared cookie. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const setCookie = await endSession(request);
    return Response.json({ ok: true, message: "ออกจากระบบเรียบร้อยแล้ว" }, { headers: { "Set-Cookie": setCookie } });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
