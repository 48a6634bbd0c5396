import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { backTo } from "~/http/paths";
import { redirectWithError } from "~/lib/toast.server";

/**
 * /user/product and /merchant/order without an id (spec section 2): the notice 'ไม่พบรหัสคำสั่งซื้อ'
 * and a step back, to the page the person came from (same site only), else their order list.
 * A redirect, not a page: without JavaScript too, the notice shows where they were.
 */
export function loader({ request }: { request: Request }) {
  const here = new URL(request.url).pathname;
  const orderList = here.startsWith("/merchant") ? "/merchant" : "/user/orders";
  const back = backTo(request, orderList);
  // Never back to this same address (a reload of it would send the person round in a circle).
  const target = back.split("?")[0] === here ? orderList : back;
  return redirectWithError(target, ORDER_MESSAGES.missingId);
}
