import { data, isRouteErrorResponse } from "react-router";
import { ADD_FAILED, ADD_NETWORK_FAILED, SAVE_FAILED, SAVE_NETWORK_FAILED } from "~/domain/designs/messages";
import { formRefusal } from "~/lib/form-refusal";
import { withOwnConnectionFailure } from "~/lib/resend.client";

/** The designer's two sending forms, and what each says when its request fails on the way. */
const FAILURES = {
  "save-design": { network: SAVE_NETWORK_FAILED, fault: SAVE_FAILED },
  "add-to-cart": { network: ADD_NETWORK_FAILED, fault: ADD_FAILED },
} as const;

/**
 * The designer's save or add to the cart with JavaScript (the designer pages' clientAction; the
 * save's messages are spec section 8's). A save
 * that gets no answer (the network failed: 'เกิดข้อผิดพลาดในการบันทึกการออกแบบ') or a failed
 * answer without a message of the shop's (a server fault, a proxy's error page:
 * 'ไม่สามารถบันทึกการออกแบบได้') stays on the designer with the design as it was and says so
 * beside the save button, where the shop's own refusals appear; it used to replace the page
 * with the error page and lose the design. The failure status keeps the page from reloading its
 * data over the same broken connection. Every other form of the page (a card's price or photo)
 * and every other answer (the saved design's redirect, a 403 or 404 page) go on as before. A
 * customer's add to the cart fails the same way: the design stays, the add button says
 * "ลองอีกครั้ง" (designer-controls.tsx), and sending again retries.
 */
export async function keepDesignWhenSaveFails<Answer>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<Answer>;
}) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent !== "save-design" && intent !== "add-to-cart") return serverAction();
  try {
    // Said here rather than waited for (app/lib/resend.client.ts): the page keeps the design, and
    // sending again sends the form's key with it, so a save that did arrive is not made twice.
    return await withOwnConnectionFailure(serverAction);
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status < 500)) throw error;
    const say = FAILURES[intent];
    return data(
      { result: formRefusal(error instanceof TypeError ? say.network : say.fault), failed: true as const },
      { status: 503 },
    );
  }
}
