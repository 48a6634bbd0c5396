import { z } from "zod";
import { requireApiUser } from "~/auth/guards.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { readJson } from "~/http/input.server";
import { parseId } from "~/http/params";
import { handleApi, methodNotAllowed } from "~/http/responses.server";
import type { Route } from "./+types/api.orders-accept";
import { merchantStep } from "./api-support.server";

const AcceptSchema = z.object({
  orderId: z.number({ error: "รหัสคำสั่งซื้อต้องเป็นตัวเลข" }).int("รหัสคำสั่งซื้อต้องเป็นจำนวนเต็ม").positive("รหัสคำสั่งซื้อไม่ถูกต้อง"),
});

/** PATCH /api/orders/accept { orderId } → the tailor accepts an ordered order (409 when it is not ordered). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  return handleApi(async () => {
    const user = await requireApiUser(context, { roles: ["merchant"], messages: ORDER_MESSAGES });
    const { orderId } = await readJson(request, AcceptSchema);
    return merchantStep(user, parseId(orderId, ORDER_MESSAGES.notFound), "accept");
  });
}

/** A GET (or HEAD) is answered in Thai (405): this call changes things. */
export function loader() {
  return methodNotAllowed(["PATCH"]);
}
