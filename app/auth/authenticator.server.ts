import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { isDomainError } from "~/domain/errors";
import type { LineProfile } from "~/domain/line/login-client.server";
import { verifyLogin } from "~/domain/users/accounts.server";
import type { SessionUser } from "~/domain/users/sessions.server";
import { LoginSchema } from "~/domain/users/validation";
import { requestFacts } from "~/http/request-facts.server";
import { trustedDeviceFor } from "./device-cookie.server";
import { LineLoginStrategy } from "./line-login-strategy.server";

/**
 * Why a login form was refused: the Conform reply to show on the form, the HTTP status and, for a
 * login limit, how many seconds until it lets the next try through (the answer's Retry-After).
 */
export class LoginRefused extends Error {
  constructor(
    readonly reply: SubmissionResult<string[]>,
    readonly status: number,
    readonly fields: { email?: string; redirectTo?: string },
    readonly retryAfterSeconds?: number,
  ) {
    super("login refused");
  }
}

/** The address the shop's server saw (in the request's facts, server/app.ts; clients cannot choose it). */
export function clientAddressOf(context: Readonly<RouterContextProvider>): string {
  return requestFacts(context).clientAddress;
}

export const authenticator = new Authenticator<SessionUser>();

/** The login form: its e-mail and password checked (verifyLogin); a refusal is thrown as LoginRefused. */
export async function loginWithForm(request: Request, context: Readonly<RouterContextProvider>): Promise<SessionUser> {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: LoginSchema });
  const fields = { email: String(form.get("email") ?? ""), redirectTo: String(form.get("redirectTo") ?? "") };
  if (submission.status !== "success")
    throw new LoginRefused(submission.reply({ hideFields: ["password"] }), 400, fields);
  try {
    const device = await trustedDeviceFor(request, submission.value.email);
    return await verifyLogin(submission.value.email, submission.value.password, clientAddressOf(context), device);
  } catch (error) {
    if (isDomainError(error))
      throw new LoginRefused(
        submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
        error.status,
        fields,
        error.retryAfterSeconds,
      );
    throw error;
  }
}

/**
 * LINE Login, for linking ("line-link") and for logging in with a linked account ("line-login"):
 * both hand back the LINE profile of whoever logged in at LINE.
 */
export const lineAuthenticator = new Authenticator<LineProfile>();
lineAuthenticator.use(new LineLoginStrategy<LineProfile>("link", async ({ profile }) => profile), "line-link");
lineAuthenticator.use(new LineLoginStrategy<LineProfile>("login", async ({ profile }) => profile), "line-login");
