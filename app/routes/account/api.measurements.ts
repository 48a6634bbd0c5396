import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { PROFILE_MESSAGES } from "~/domain/measurements/measurements";
import { profileSchema } from "~/domain/measurements/profile-form";
import { listProfiles, saveProfile } from "~/domain/measurements/profiles.server";
import { readJson } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.measurements";

/**
 * GET /api/user/measurements → the customer's profiles [{ id, name, unit, values (cm), updatedAt }];
 * PUT /api/user/measurements { id?, name, unit: "in" | "cm", chest, waist, hips, shoulder, sleeve,
 * shirtLength, neck } saves one (a new one without `id`) and answers with the list.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"] });
    return Response.json(await listProfiles(user.id));
  });
}

const WithId = z.object({ id: z.number().int().positive().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"] });
    const body = await readJson(request, z.intersection(WithId, profileSchema()));
    const saved = await saveProfile(user.id, body, body.id);
    return Response.json({ profile: saved, profiles: await listProfiles(user.id), message: PROFILE_MESSAGES.saved });
  });
}
