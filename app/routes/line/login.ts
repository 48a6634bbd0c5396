import { redirect } from "react-router";
import { lineAuthenticator } from "~/auth/authenticator.server";
import { getOptionalUser, homeFor } from "~/auth/guards.server";
import { isDomainError } from "~/domain/errors";
import { getLineConfig } from "~/domain/line/config.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { redirectWithError } from "~/lib/toast.server";
import type { Route } from "./+types/login";

/** /line/login ('เข้าสู่ระบบด้วย LINE'): off to LINE Login; the callback signs in the linked account. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (user) return redirect(homeFor(user));
  if (!getLineConfig()) return redirectWithError("/login", LINE_MESSAGES.notConfigured);
  try {
    await lineAuthenticator.authenticate(
      "line-login",
      new Request(new URL("/line/login", request.url), { headers: request.headers }),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown; // the redirect to LINE, with the state cookie
    if (isDomainError(thrown)) return redirectWithError("/login", thrown.message);
    throw thrown;
  }
  return redirectWithError("/login", LINE_MESSAGES.lineDown);
}
