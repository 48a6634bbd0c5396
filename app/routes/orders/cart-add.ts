import { redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { NEED_SIZE_PARAM, SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { isDomainError } from "~/domain/errors";
import { ADD_FAILED_PARAM, addRefusalCode } from "~/domain/orders/add-refusals";
import { addShopDesignToCart } from "~/domain/orders/cart.server";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { httpPolicy } from "~/http/limits";
import { formText, idOf } from "~/http/params";
import { backTo } from "~/http/paths";
import { pageFault } from "~/http/responses.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/cart-add";

/** A page's form posts here: checked as a form, refused as a page (app/http/limits.ts). */
export const handle = httpPolicy({ call: false });

/** GET /cart/add has nothing to show: the cart is one step away. */
export function loader() {
  return redirect("/cart");
}

/**
 * The page the form came from, with the design whose size is missing named in its query (the page
 * draws the message beside that form's size) or no longer named.
 */
function backWith(back: string, designId: number | null, refusal: { needSize: true } | { message: string }): string {
  const url = new URL(back, "http://shop.invalid");
  url.searchParams.delete(NEED_SIZE_PARAM);
  url.searchParams.delete(ADD_FAILED_PARAM);
  if (designId === null) return url.pathname + url.search;
  if ("needSize" in refusal) url.searchParams.set(NEED_SIZE_PARAM, String(designId));
  else url.searchParams.set(ADD_FAILED_PARAM, `${designId}:${addRefusalCode(refusal.message)}`);
  // Back at the design's card; an enlarged view (?view=) is open over it already.
  const hash = url.searchParams.has("view") ? "" : `#design-${designId}`;
  return url.pathname + url.search + hash;
}

/**
 * POST /cart/add (designId, quantity, sizeId): a tailor's approved design goes into the cart with
 * its tailor and price, in the size the customer chose (the silk shops page posts here; its form
 * always asks for one). Failure goes back with the notice, and its reason beside the design's form
 * (a missing size beside the size; anything else beside the button).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  const designId = idOf(formText(form, "designId"));
  const quantity = Number(formText(form, "quantity") || "1");
  const sizeId = formText(form, "sizeId");
  const back = backTo(request, "/merchant/info");
  // Back to the page with the notice, and the reason beside the design's button, where it stays.
  const failBack = (
    description: string,
    refusal: { needSize: true } | { message: string } = { message: description },
  ) => redirectWithError(backWith(back, designId, refusal), { message: ORDER_MESSAGES.addToCartFailed, description });
  if (designId === null) return failBack(ORDER_MESSAGES.designNotFound);
  if (!sizeId) return failBack(SIZE_MESSAGES.required, { needSize: true });
  try {
    await addShopDesignToCart(user.id, designId, quantity, sizeId);
  } catch (error) {
    if (isDomainError(error)) return failBack(error.message);
    throw pageFault(error);
  }
  return redirectWithSuccess("/cart", ORDER_MESSAGES.addedToCart);
}
