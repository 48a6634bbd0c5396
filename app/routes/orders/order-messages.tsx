import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { MESSAGE_MESSAGES } from "~/domain/messages/messages";
import { assertCanReadThread, listThread, postMessage } from "~/domain/messages/messages.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { httpPolicy } from "~/http/limits";
import { parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/order-messages";
import { withMessageForm } from "./message-form.server";
import { readOrderNotifications } from "./thread.server";
import { OrderErrorView } from "./ui/order-error";
import { OrderThread } from "./ui/order-thread";

/** Its forms carry a phone's photo, streamed by the route (app/http/limits.ts). */
export const handle = httpPolicy({ body: "photo" });

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `ข้อความของคำสั่งซื้อ #${params.id} | ${site.enterpriseName}` },
];

const ROLES = ["user", "merchant", "admin"] as const;

/** Opening the conversation reads the order's notifications first, so the bell on this page counts them read. */
export const middleware: Route.MiddlewareFunction[] = [readOrderNotifications];

/** The order's own page for each side, where a sent message goes back to (without JavaScript). */
function orderPageOf(orderId: number, role: "user" | "merchant" | "admin"): string {
  return role === "merchant" ? `/merchant/order/${orderId}` : `/user/product/${orderId}`;
}

/**
 * An order's conversation on a page of its own (issue 48): what an admin reads from the order
 * views, and where the order pages' message form posts. Opening it marks what it told the reader
 * of this order read.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: [...ROLES], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const role = await orPageError(() => assertCanReadThread(orderId, user));
  return { orderId, messages: await listThread(orderId, user), back: orderPageOf(orderId, role) };
}

/**
 * Sends a message (plain form, multipart with an optional photo). Without JavaScript it goes back
 * to the sender's order page at the conversation; with JavaScript (a fetcher) it answers here and
 * the page's data is read again. A refusal answers with the reason beside the form and the text kept.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: [...ROLES], messages: ORDER_MESSAGES, wrongRole: "forbidden" });
  const orderId = await orPageError(() => parseId(params.id, ORDER_MESSAGES.notFound));
  const withJs = new URL(request.url).pathname.endsWith(".data");
  let text = "";
  try {
    return await withMessageForm(request, context, async (message) => {
      text = message.text;
      await postMessage(orderId, user, message);
      if (withJs) return data({ sent: true as const });
      const role = await assertCanReadThread(orderId, user);
      return redirectWithSuccess(`${orderPageOf(orderId, role)}#messages`, MESSAGE_MESSAGES.sent);
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!isDomainError(error)) throw pageFault(error);
    // Not theirs, or no such order: the page's own refusal (403, 404), as the loader gives it.
    if (error.kind === "forbidden" || error.kind === "not_found") return orPageError(() => Promise.reject(error));
    const headers = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return dataWithErrorNow(
      request,
      context,
      { error: error.message, text },
      { message: MESSAGE_MESSAGES.failed, description: error.message },
      { status: error.status, headers },
    );
  }
}

export default function OrderMessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderId, messages, back } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <p>
        <Link to={back} className="text-sm font-semibold text-indigo-ink underline">
          กลับไปคำสั่งซื้อ #{orderId}
        </Link>
      </p>
      <div className="mt-4">
        <OrderThread
          orderId={orderId}
          messages={messages}
          refusal={actionData && "error" in actionData ? actionData : undefined}
        />
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/" backLabel="กลับหน้าแรก" />;
}
