import { requireApiUser } from "~/auth/guards.server";
import { getProfile, profileJson, updateProfile } from "~/domain/users/accounts.server";
import { ProfileSchema } from "~/domain/users/validation";
import { handleApi, methodNotAllowed, readJson } from "~/lib/api.server";
import type { Route } from "./+types/api.profile";

/** GET /api/user/profile → the signed-in person's profile. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return Response.json(profileJson(await getProfile(user.id)));
  });
}

/** PUT /api/user/profile with the profile fields → the saved profile. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return handleApi(async () => {
    const user = await requireApiUser(request);
    const input = await readJson(request, ProfileSchema);
    return Response.json({ ...profileJson(await updateProfile(user.id, input)), message: "บันทึกข้อมูลเรียบร้อย" });
  });
}
