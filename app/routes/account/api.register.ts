import { getOptionalUser } from "~/auth/guards.server";
import { registerUser } from "~/domain/users/accounts.server";
import { RegisterSchema } from "~/domain/users/validation";
import { readJson } from "~/http/input.server";
import { handleApi, jsonError, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.register";

/** POST /api/auth/register: the registration fields as JSON → 201 { ok, id }. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    if (await getOptionalUser(context)) return jsonError(400, "คุณเข้าสู่ระบบอยู่แล้ว");
    const input = await readJson(request, RegisterSchema);
    const { id } = await registerUser(input);
    return Response.json({ ok: true, id, message: "สมัครสมาชิกสำเร็จ กรุณาเข้าสู่ระบบ" }, { status: 201 });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
