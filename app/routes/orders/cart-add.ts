import { redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { isDomainError } from "~/domain/errors";
import { addShopDesignToCart } from "~/domain/orders/cart.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { formText, idOf } from "~/http/params";
import { backTo } from "~/http/paths";
import { pageFault } from "~/http/responses.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/cart-add";

/** GET /cart/add has nothing to show: the cart is one step away. */
export function loader() {
  return redirect("/cart");
}

/**
 * POST /cart/add (designId, quantity): a tailor's approved design goes into the cart with
 * its tailor and price (the silk shops page posts here). Failure goes back with the notice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  const designId = idOf(formText(form, "designId"));
  const quantity = Number(formText(form, "quantity") || "1");
  const failBack = (description: string) =>
    redirectWithError(backTo(request, "/merchant/info"), { message: ORDER_MESSAGES.addToCartFailed, description });
  if (designId === null) return failBack(ORDER_MESSAGES.designNotFound);
  try {
    await addShopDesignToCart(user.id, designId, quantity);
  } catch (error) {
    if (isDomainError(error)) return failBack(error.message);
    throw pageFault(error);
  }
  return redirectWithSuccess("/cart", ORDER_MESSAGES.addedToCart);
}
