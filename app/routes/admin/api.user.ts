import { requireApiUser } from "~/auth/guards.server";
import { EditUserSchema } from "~/domain/admin/user-form";
import { deleteUser, getUser, USER_NOT_FOUND, updateUser } from "~/domain/admin/users.server";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.user";
import { userJson } from "./api-support.server";

/** GET /admin/users/{id} → { user } */
export function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(context, { roles: "admin" });
    return Response.json({ user: userJson(await getUser(parseId(params.id, USER_NOT_FOUND))) });
  });
}

/** PUT /admin/users/{id} (same body as POST; blank password keeps it), DELETE /admin/users/{id}. */
export function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireApiUser(context, { roles: "admin" });
    const id = parseId(params.id, USER_NOT_FOUND);
    if (request.method === "PUT") {
      const input = await readJson(request, EditUserSchema);
      const user = await updateUser(id, input, admin);
      return Response.json({ user: userJson(user), message: "อัปเดตผู้ใช้เรียบร้อย" });
    }
    if (request.method === "DELETE") {
      await deleteUser(id, admin);
      return Response.json({ ok: true, message: "ลบผู้ใช้เรียบร้อย" });
    }
    return methodNotAllowed(["GET", "PUT", "DELETE"]);
  });
}
