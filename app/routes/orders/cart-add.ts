import { redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { NEED_SIZE_PARAM, SIZE_MESSAGES } from "~/domain/catalogue/sizes";
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
 * The page the form came from, with the design whose size is missing named in its query (the page
 * draws the message beside that form's size) or no longer named.
 */
function backWith(back: string, needSize: number | null): string {
  const url = new URL(back, "http://shop.invalid");
  url.searchParams.delete(NEED_SIZE_PARAM);
  if (needSize === null) return url.pathname + url.search;
  url.searchParams.set(NEED_SIZE_PARAM, String(needSize));
  // Back at the design's card; an enlarged view (?view=) is open over it already.
  const hash = url.searchParams.has("view") ? "" : `#design-${needSize}`;
  return url.pathname + url.search + hash;
}

/**
 * POST /cart/add (designId, quantity, sizeId): a tailor's approved design goes into the cart with
 * its tailor and price, in the size the customer chose (the silk shops page posts here; its form
 * always asks for one). Failure goes back with the notice, a missing size beside the form too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  const designId = idOf(formText(form, "designId"));
  const quantity = Number(formText(form, "quantity") || "1");
  const sizeId = formText(form, "sizeId");
  const back = backTo(request, "/merchant/info");
  const failBack = (description: string, needSize: number | null = null) =>
    redirectWithError(backWith(back, needSize), { message: ORDER_MESSAGES.addToCartFailed, description });
  if (designId === null) return failBack(ORDER_MESSAGES.designNotFound);
  if (!sizeId) return failBack(SIZE_MESSAGES.required, designId);
  try {
    await addShopDesignToCart(user.id, designId, quantity, sizeId);
  } catch (error) {
    if (isDomainError(error)) return failBack(error.message);
    throw pageFault(error);
  }
  return redirectWithSuccess("/cart", ORDER_MESSAGES.addedToCart);
}
