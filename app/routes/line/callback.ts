import { lineAuthenticator } from "~/auth/authenticator.server";
import { homeFor, requireUser } from "~/auth/guards.server";
import { clearLineOAuthCookie, pendingPurpose } from "~/auth/line-login-strategy.server";
import { startSession } from "~/auth/session.server";
import { isDomainError } from "~/domain/errors";
import { accountForLineLogin, linkLineAccount } from "~/domain/line/link.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { pageFault } from "~/http/responses.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/callback";

/**
 * GET /line/callback: LINE sends the browser back here, after a link (the signed-in account
 * gets the LINE user id) or a login (the linked account is signed in). The state and PKCE
 * checks live in the strategy; the pending login's cookie says which of the two it was.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = new Headers({ "Set-Cookie": await clearLineOAuthCookie(request) });
  return (await pendingPurpose(request)) === "login"
    ? finishLogin(request, headers)
    : finishLink(request, context, headers);
}

/** Only a real answer from LINE (a code or an error) is handled; anything else would start a new login. */
function isAnswerFromLine(request: Request): boolean {
  const params = new URL(request.url).searchParams;
  return params.has("code") || params.has("error");
}

async function finishLink(request: Request, context: Route.LoaderArgs["context"], headers: Headers): Promise<Response> {
  const user = await requireUser(context);
  if (!isAnswerFromLine(request)) return redirectWithError("/profile", LINE_MESSAGES.stateMismatch, { headers });
  try {
    const profile = await lineAuthenticator.authenticate("line-link", request);
    await linkLineAccount(user.id, profile.userId);
  } catch (thrown) {
    if (isDomainError(thrown)) return redirectWithError("/profile", thrown.message, { headers });
    throw pageFault(thrown);
  }
  return redirectWithSuccess("/profile", LINE_MESSAGES.linked, { headers });
}

async function finishLogin(request: Request, headers: Headers): Promise<Response> {
  if (!isAnswerFromLine(request)) return redirectWithError("/login", LINE_MESSAGES.stateMismatch, { headers });
  try {
    const profile = await lineAuthenticator.authenticate("line-login", request);
    const account = await accountForLineLogin(profile.userId);
    headers.append("Set-Cookie", await startSession(request, account.id));
    return redirectWithSuccess(homeFor(account), "เข้าสู่ระบบสำเร็จ", { headers });
  } catch (thrown) {
    if (isDomainError(thrown)) return redirectWithError("/login", thrown.message, { headers });
    throw pageFault(thrown);
  }
}
