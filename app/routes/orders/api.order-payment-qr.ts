import { requireApiUser } from "~/auth/guards.server";
import { DomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { PAYMENT_MESSAGES } from "~/domain/payments/payment-states";
import { paymentForViewer } from "~/domain/payments/payments.server";
import { qrPng, qrSvg } from "~/domain/payments/promptpay-qr.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.order-payment-qr";

/**
 * GET /api/orders/{id}/payment/qr.png (what `promptpay.qrUrl` names; issue 45) → the order's Thai QR
 * Payment code as a PNG of at least 600 px, and GET …/qr.svg → the same as SVG (the address of
 * issue 21, kept); with `?download=1`, as a download named after the order. Only for those who may
 * see the order's payment (its buyer, its tailor, admins), and kept by no shared cache: it names
 * the tailor's account and the amount.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["user", "merchant", "admin"], messages: ORDER_MESSAGES });
    const orderId = parseId(params.id, ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId);
    const payment = await paymentForViewer(orderId, user);
    if (!payment.promptpay) throw new DomainError("conflict", PAYMENT_MESSAGES.noPromptPay);
    const url = new URL(request.url);
    const png = url.pathname.endsWith(".png");
    const download = url.searchParams.get("download") === "1";
    const filename = `promptpay-order-${orderId}.${png ? "png" : "svg"}`;
    const body = png ? await qrPng(payment.promptpay.payload) : await qrSvg(payment.promptpay.payload);
    return new Response(body as BodyInit, {
      headers: {
        "Content-Type": png ? "image/png" : "image/svg+xml; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        ...(download ? { "Content-Disposition": `attachment; filename="${filename}"` } : {}),
      },
    });
  });
}

/** Only GET: anything else is answered in Thai (405). */
export function action() {
  return methodNotAllowed(["GET"]);
}
