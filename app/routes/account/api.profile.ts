import { requireApiUser } from "~/auth/guards.server";
import { getProfile, profileJson, updateProfile } from "~/domain/users/accounts.server";
import { ProfileSchema } from "~/domain/users/validation";
import { readJson } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.profile";

/** GET /api/user/profile → the signed-in person's profile. */
export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context);
    return Response.json(profileJson(await getProfile(user.id)));
  });
}

/** PUT /api/user/profile with the profile fields → the saved profile. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return handleApi(async () => {
    const user = await requireApiUser(context);
    const input = await readJson(request, ProfileSchema);
    return Response.json({ ...profileJson(await updateProfile(user.id, input)), message: "บันทึกข้อมูลเรียบร้อย" });
  });
}
