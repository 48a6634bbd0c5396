import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { getOptionalUser, hasRole, requireUser } from "~/auth/guards.server";
import { SIZE_MESSAGES } from "~/domain/catalogue/sizes";
import { categoryFromSearch, choiceFromSearch } from "~/domain/designer/selection";
import { addDesignToCart } from "~/domain/designs/designs.server";
import { parseCartDesign, valuesOfForm } from "~/domain/designs/inputs.server";
import { ADDED_TO_CART } from "~/domain/designs/messages";
import { isDomainError } from "~/domain/errors";
import { listProfiles } from "~/domain/measurements/profiles.server";
import { designerShare } from "~/domain/sharing/designer-share";
import { originOf, socialMeta } from "~/domain/sharing/share";
import { readForm } from "~/http/input.server";
import { httpPolicy } from "~/http/limits";
import { pageUrl } from "~/http/paths";
import { formFailure, orPageError } from "~/http/responses.server";
import { redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/design";
import type { DesignerMode } from "./designer-controls";
import { DesignerView } from "./designer-view";
import { OrderChoices } from "./order-choices";
import { PriceRange } from "./price-range";
import { priceRangeOfSearch } from "./price-range.server";
import { selectionOnly } from "./revalidate";
import { keepDesignWhenSaveFails } from "./save-failure";
import { ShareDesign } from "./share-design";

/** Its writes carry a picture (app/http/limits.ts). */
export const handle = httpPolicy({ body: "picture" });

/** A designer link shared: the picture of the shirt whose parts are in the address (issue 50). */
export const meta: Route.MetaFunction = ({ location, matches }) =>
  socialMeta(
    designerShare(originOf(matches), choiceFromSearch(new URLSearchParams(location.search))),
    "ออกแบบเสื้อ | ร้านผ้าทอบ้านนาดี",
  );

/** /design: open to everyone; the tab is always in the address (missing: category=shirt, replaced). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, searchParams } = pageUrl(request);
  if (!categoryFromSearch(searchParams)) {
    searchParams.set("category", "shirt");
    throw redirect(`${pathname}?${searchParams}`);
  }
  const user = await getOptionalUser(context);
  const mode: DesignerMode = !user
    ? "visitor"
    : hasRole(user, "user")
      ? "customer"
      : hasRole(user, "merchant")
        ? "tailor"
        : "admin";
  // A customer's measurement profiles, for the size cut to measure: the one saved last comes last.
  const profiles =
    mode === "customer"
      ? (await orPageError(() => listProfiles(user!.id)))
          .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id - b.id)
          .map(({ id, name }) => ({ id, name }))
      : [];
  // The price range for the design in the address (issue 45): with every reload of the page
  // without JavaScript; with it, the browser asks again as the parts change (price-range.tsx).
  const priceRange = mode === "customer" || mode === "visitor" ? await priceRangeOfSearch(searchParams) : null;
  return { mode, profiles, priceRange };
}

/**
 * Add to cart (customers): the design and its cart item, then the cart. Without a size nothing is
 * saved, and the refusal is the size picker's own (`sizeId`), shown beside it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  try {
    const form = await readForm(request);
    await addDesignToCart(user.id, parseCartDesign(valuesOfForm(form)));
  } catch (error) {
    if (isDomainError(error) && error.message === SIZE_MESSAGES.required)
      return data({ result: sizeRefusal() }, { status: 400 });
    return formFailure(error);
  }
  return redirectWithSuccess("/cart", ADDED_TO_CART);
}

function sizeRefusal(): SubmissionResult<string[]> {
  return { status: "error", error: { sizeId: [SIZE_MESSAGES.required] } };
}

/** With JavaScript, an add that fails on the way keeps the design on screen and offers to try again. */
export function clientAction(args: Route.ClientActionArgs) {
  return keepDesignWhenSaveFails(args);
}

export const shouldRevalidate = selectionOnly;

export default function Design({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="sr-only">ออกแบบเสื้อ</h1>
      <DesignerView
        mode={loaderData.mode}
        errors={actionData?.result.error?.[""]}
        priceRange={
          loaderData.mode === "customer" || loaderData.mode === "visitor"
            ? (choice, qty) => <PriceRange choice={choice} qty={qty} />
            : undefined
        }
        orderChoices={(place) => (
          <OrderChoices place={place} profiles={loaderData.profiles} sizeErrors={actionData?.result.error?.sizeId} />
        )}
        failed={actionData !== undefined && "failed" in actionData}
        share={
          loaderData.mode === "customer" || loaderData.mode === "visitor"
            ? (choice) => <ShareDesign choice={choice} />
            : undefined
        }
      />
    </>
  );
}
