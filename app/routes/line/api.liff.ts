import { homeFor } from "~/auth/guards.server";
import { startSession } from "~/auth/session.server";
import { isDomainError } from "~/domain/errors";
import { getLiffConfig } from "~/domain/line/config.server";
import { LineApiError } from "~/domain/line/http.server";
import { verifyLineIdToken } from "~/domain/line/liff.server";
import { accountForLineLogin } from "~/domain/line/link.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { readJsonObject } from "~/http/input.server";
import { handleApi, jsonError, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.liff";

/** After logging in or signing up from LINE, the LINE Login round trip links the account. */
const LINK_AFTER = "/line/link";

/**
 * POST /api/auth/line/liff { idToken } (issue 50): one-tap sign-in inside LINE. The LIFF page sends
 * the ID token LIFF gave it; LINE's verify endpoint says who it is for the shop's channel. The
 * account linked with that LINE user is signed in → { status: "signed_in", redirectTo } with the
 * session cookie; a LINE user linked to no account → { status: "unlinked", displayName, login,
 * register }: log in (or sign up, the form filled with the LINE name), then link. A forged, expired
 * or other channel's token → 401; no LIFF (LINE off or no LIFF_ID) → 404; LINE unreachable → 503.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const config = getLiffConfig();
  if (!config) return jsonError(404, LINE_MESSAGES.notConfigured);
  return handleApi(async () => {
    const body = await readJsonObject(request);
    let profile: Awaited<ReturnType<typeof verifyLineIdToken>>;
    try {
      profile = await verifyLineIdToken(config, body.idToken);
    } catch (error) {
      if (error instanceof LineApiError) return jsonError(503, LINE_MESSAGES.lineDown);
      throw error;
    }
    try {
      const account = await accountForLineLogin(profile.userId);
      const headers = new Headers({ "Set-Cookie": await startSession(request, account.id) });
      return Response.json(
        { status: "signed_in", redirectTo: homeFor(account), message: "เข้าสู่ระบบสำเร็จ" },
        { headers },
      );
    } catch (error) {
      if (!isDomainError(error) || error.kind !== "not_found") throw error;
    }
    const register = new URLSearchParams({ redirectTo: LINK_AFTER });
    if (profile.displayName) register.set("name", profile.displayName);
    return Response.json({
      status: "unlinked",
      displayName: profile.displayName,
      message: LINE_MESSAGES.loginNotLinked,
      login: `/login?${new URLSearchParams({ redirectTo: LINK_AFTER })}`,
      register: `/register?${register}`,
    });
  });
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
