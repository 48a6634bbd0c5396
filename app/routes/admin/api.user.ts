import { EditUserSchema } from "~/domain/admin/user-form";
import { deleteUser, getUser, USER_NOT_FOUND, updateUser } from "~/domain/admin/users.server";
import { handleApi, methodNotAllowed, readJson } from "~/lib/api.server";
import type { Route } from "./+types/api.user";
import { idParam, requireAdminApi, userJson } from "./api-support.server";

/** GET /admin/users/{id} → { user } */
export function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdminApi(request);
    return Response.json({ user: userJson(await getUser(idParam(params.id, USER_NOT_FOUND))) });
  });
}

/** PUT /admin/users/{id} (same body as POST; blank password keeps it), DELETE /admin/users/{id}. */
export function action({ request, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireAdminApi(request);
    const id = idParam(params.id, USER_NOT_FOUND);
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
