import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { decodePhotoDataUrl, UPLOAD_WRONG_TYPE } from "~/domain/images/sniff";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PAYMENT_ANSWERS } from "~/domain/payments/payment-answers.server";
import { assertCanSeePayment, sendSlip, slipImage } from "~/domain/payments/payments.server";
import { readJson } from "~/http/input.server";
import { httpPolicy, MAX_BODY_BYTES } from "~/http/limits";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import { readTextUpTo } from "~/http/streamed-form.server";
import type { Route } from "./+types/api.order-payment-slip";
import { slipPhotoOf, withSlipForm } from "./slip-upload.server";

/** Its forms carry a phone's photo, streamed by the route (app/http/limits.ts). */
export const handle = httpPolicy({ body: "photo" });

/**
 * GET /api/orders/{id}/payment/slip → the transfer slip's image, for the order's buyer, its tailor
 * or an admin only: it shows a bank account, so it is never public and never kept by shared caches.
 * `?part=deposit`: the confirmed deposit's slip, once the balance's slip has taken its place.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "merchant", "admin"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    await assertCanSeePayment(orderId, user);
    const part = new URL(request.url).searchParams.get("part") === "deposit" ? "deposit" : "current";
    const image = await slipImage(orderId, part);
    return new Response(image.bytes, {
      headers: {
        "Content-Type": image.contentType,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}

const SlipSchema = z.object({ image: z.string({ error: UPLOAD_WRONG_TYPE }) });

/**
 * POST /api/orders/{id}/payment/slip: the buyer sends the transfer slip, as JSON `{ image: data URL }`
 * (at most 5 MB, as before) or as `multipart/form-data` with the photo in the file field `image`
 * (up to 20 MB, streamed to disk and shrunk by the server; issue 45).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const answer = () => Response.json({ id: orderId, status: "slip_sent", message: PAYMENT_ANSWERS.slipSent });
    if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
      return withSlipForm(request, context, "image", async (form) => {
        await sendSlip({ orderId, buyerId: user.id, photo: slipPhotoOf(form) });
        return answer();
      });
    }
    // The edge lets the slip writes' bodies through up to 24 MB: a JSON body is still held whole
    // to be parsed, so it keeps the 8 MB it had.
    const text = await readTextUpTo(request, MAX_BODY_BYTES);
    const { image } = await readJson(new Request(request.url, { method: "POST", body: text }), SlipSchema);
    await sendSlip({ orderId, buyerId: user.id, photo: decodePhotoDataUrl(image) });
    return answer();
  });
}
