import { redirect } from "react-router";
import { endSession } from "~/auth/session.server";
import { httpPolicy } from "~/http/limits";
import { pageFault } from "~/http/responses.server";
import { redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/logout";

/** A page's form posts here: checked as a form, refused as a page (app/http/limits.ts). */
export const handle = httpPolicy({ call: false });

/** Logging out changes state, so it is a POST (the account menu's form); a GET only goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const setCookie = await endSession(request).catch((error: unknown) => {
    throw pageFault(error);
  });
  return redirectWithSuccess("/login", "ออกจากระบบเรียบร้อยแล้ว", { headers: { "Set-Cookie": setCookie } });
}
