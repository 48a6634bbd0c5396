import { requireApiUser } from "~/auth/guards.server";
import { DomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PAYMENT_MESSAGES } from "~/domain/payments/payment-states";
import { paymentForViewer } from "~/domain/payments/payments.server";
import { qrSvg } from "~/domain/payments/promptpay-qr.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-payment-qr";

/**
 * GET /api/orders/{id}/payment/qr.svg → the order's Thai QR Payment code as an SVG file (with
 * `?download=1`, as a download named after the order), for those who may see its payment.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "merchant", "admin"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const payment = await paymentForViewer(orderId, user);
    if (!payment.promptpay) throw new DomainError("conflict", PAYMENT_MESSAGES.noPromptPay);
    const download = new URL(request.url).searchParams.get("download") === "1";
    return new Response(await qrSvg(payment.promptpay.payload), {
      headers: {
        "Content-Type": "image/svg+xml; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        ...(download ? { "Content-Disposition": `attachment; filename="promptpay-order-${orderId}.svg"` } : {}),
      },
    });
  });
}

/** Only GET: anything else is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
