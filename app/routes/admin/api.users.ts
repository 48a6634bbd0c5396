import { requireApiUser } from "~/auth/guards.server";
import { CreateUserSchema } from "~/domain/admin/user-form";
import { createUser, listUsers } from "~/domain/admin/users.server";
import { readJson } from "~/http/input.server";
import { pageOf } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.users";
import { userJson } from "./api-support.server";

/** GET /api/admin/users?q=&page= → { users, total, page, pageCount, pageSize } */
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireApiUser(context, { roles: "admin" });
    const params = new URL(request.url).searchParams;
    const list = await listUsers({ q: params.get("q"), page: pageOf(params) });
    return Response.json({ ...list, users: list.users.map(userJson) });
  });
}

/** POST /admin/users { name, email, password, phone, address, roles, status } → 201 { user } */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    const admin = await requireApiUser(context, { roles: "admin" });
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const input = await readJson(request, CreateUserSchema);
    const user = await createUser(input, admin);
    return Response.json({ user: userJson(user), message: "เพิ่มผู้ใช้เรียบร้อย" }, { status: 201 });
  });
}
