import { getToast as readToast, setToastCookieOptions } from "remix-toast";
import { getConfig } from "~/config.server";

// Notices ride a signed flash cookie across the redirect, so they work without JavaScript.
setToastCookieOptions({ name: "shop_notice", secrets: getConfig().sessionSecrets });

export {
  dataWithError,
  dataWithSuccess,
  redirectWithError,
  redirectWithInfo,
  redirectWithSuccess,
  redirectWithWarning,
} from "remix-toast";

export type Notice = { type: "success" | "error" | "info" | "warning"; message: string; description?: string };

/** The notice flashed for this request, and the header that clears it (none when there was none). */
export async function takeNotice(request: Request): Promise<{ notice: Notice | null; headers: Headers }> {
  if (!request.headers.get("Cookie")?.includes("shop_notice=")) return { notice: null, headers: new Headers() };
  const { toast, headers } = await readToast(request);
  return {
    notice: toast ? { type: toast.type, message: toast.message, description: toast.description } : null,
    headers,
  };
}
