import type { z } from "zod";
import { clientAddressOf } from "~/auth/authenticator.server";
import { appendDeviceCookies, trustedDeviceFor } from "~/auth/device-cookie.server";
import { homeFor } from "~/auth/guards.server";
import { startSession } from "~/auth/session.server";
import { verifyLogin } from "~/domain/users/accounts.server";
import { LoginSchema } from "~/domain/users/validation";
import { readJson } from "~/http/input.server";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.login";

const LoginBody = LoginSchema.pick({ email: true, password: true }) satisfies z.ZodType;

/** POST /api/auth/login { email, password } → { user: { id, name, email, roles }, redirectTo } and the session cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const { email, password } = await readJson(request, LoginBody);
    const device = await trustedDeviceFor(request, email);
    const user = await verifyLogin(email, password, clientAddressOf(context), device);
    const headers = new Headers();
    headers.append("Set-Cookie", await startSession(request, user.id));
    await appendDeviceCookies(headers, request, user.email);
    return Response.json(
      {
        user: { id: user.id, name: user.name, email: user.email, roles: user.roles },
        redirectTo: homeFor(user),
        message: "เข้าสู่ระบบสำเร็จ",
      },
      { headers },
    );
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
