import { CreateUserSchema } from "~/domain/admin/user-form";
import { createUser, listUsers } from "~/domain/admin/users.server";
import { handleApi, methodNotAllowed, readJson } from "~/lib/api.server";
import type { Route } from "./+types/api.users";
import { requireAdminApi, userJson } from "./api-support.server";

/** GET /api/admin/users?q=&page= → { users, total, page, pageCount, pageSize } */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    await requireAdminApi(request);
    const params = new URL(request.url).searchParams;
    const list = await listUsers({ q: params.get("q"), page: Number(params.get("page") ?? 1) });
    return Response.json({ ...list, users: list.users.map(userJson) });
  });
}

/** POST /admin/users { name, email, password, phone, address, roles, status } → 201 { user } */
export function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    await requireAdminApi(request);
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const input = await readJson(request, CreateUserSchema);
    const user = await createUser(input);
    return Response.json({ user: userJson(user), message: "เพิ่มผู้ใช้เรียบร้อย" }, { status: 201 });
  });
}
