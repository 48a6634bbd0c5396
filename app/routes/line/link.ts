import { lineAuthenticator } from "~/auth/authenticator.server";
import { requireUser } from "~/auth/guards.server";
import { isDomainError } from "~/domain/errors";
import { getLineConfig } from "~/domain/line/config.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { redirectWithError } from "~/lib/toast.server";
import type { Route } from "./+types/link";

/**
 * /line/link (the profile's 'เชื่อมต่อ LINE' link) → off to LINE Login, with the state and
 * PKCE verifier in a signed cookie. A plain link rather than a form: a form's redirect to
 * another origin would need that origin in the page's CSP form-action, and starting a
 * login changes nothing on the account (the state check guards the way back).
 */
async function startLink({ request, context }: Route.LoaderArgs | Route.ActionArgs): Promise<Response> {
  await requireUser(context);
  if (!getLineConfig()) return redirectWithError("/profile", LINE_MESSAGES.notConfigured);
  try {
    await lineAuthenticator.authenticate(
      "line-link",
      new Request(new URL("/line/link", request.url), { headers: request.headers }),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return thrown; // the redirect to LINE, with the state cookie
    if (isDomainError(thrown)) return redirectWithError("/profile", thrown.message);
    throw thrown;
  }
  return redirectWithError("/profile", LINE_MESSAGES.lineDown);
}

export function loader(args: Route.LoaderArgs) {
  return startLink(args);
}

export function action(args: Route.ActionArgs) {
  return startLink(args);
}
