import { data, isRouteErrorResponse } from "react-router";
import { formRefusal } from "~/components/form-refusal";
import { SAVE_FAILED, SAVE_NETWORK_FAILED } from "~/domain/designs/messages";

/**
 * The designer's save with JavaScript (the tailor's pages' clientAction, spec section 8). A save
 * that gets no answer (the network failed: 'เกิดข้อผิดพลาดในการบันทึกการออกแบบ') or a failed
 * answer without a message of the shop's (a server fault, a proxy's error page:
 * 'ไม่สามารถบันทึกการออกแบบได้') stays on the designer with the design as it was and says so
 * beside the save button, where the shop's own refusals appear; it used to replace the page
 * with the error page and lose the design. The failure status keeps the page from reloading its
 * data over the same broken connection. Every other form of the page (a card's price or photo)
 * and every other answer (the saved design's redirect, a 403 or 404 page) go on as before.
 */
export async function keepDesignWhenSaveFails<Answer>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<Answer>;
}) {
  if ((await request.clone().formData()).get("intent") !== "save-design") return serverAction();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    return data(
      { result: formRefusal(error instanceof TypeError ? SAVE_NETWORK_FAILED : SAVE_FAILED) },
      { status: 503 },
    );
  }
}
