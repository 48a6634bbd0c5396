import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/guards.server";
import {
  createMerchantDesign,
  DESIGN_NOT_FOUND,
  setDesignPrice,
  updateMerchantDesign,
  uploadDesignSample,
} from "~/domain/designs/designs.server";
import { parseMerchantDesign, valuesOfForm } from "~/domain/designs/inputs.server";
import {
  DESIGN_SAVED,
  DESIGN_UPDATED,
  NOT_FOR_SALE_YET,
  SAMPLE_AWAITS_APPROVAL,
  UPLOAD_FAILED,
} from "~/domain/designs/messages";
import { designPriceSchema, designSampleSchema } from "~/domain/designs/price-form";
import { DomainError } from "~/domain/errors";
import { readForm } from "~/http/input.server";
import { idOf, parseId } from "~/http/params";
import { backTo, pagePath } from "~/http/paths";
import { formFailure, pageFault } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import { dataWithErrorNow, redirectWithSuccess, redirectWithWarning } from "~/lib/toast.server";

const PRICE_FAILED = "ไม่สามารถบันทึกราคาได้";

/** Where a saved design goes: the list, its tab already in the address (no second redirect to lose the notice). */
export const POPULAR_DESIGNS = "/merchant/popular_design?category=shirt";

/**
 * The forms of a tailor's designer pages: save the design (new, or the one being edited), set a
 * design's price, upload a sample photo. Every one checks the role and the design's owner.
 * A card's refusal answers the page itself with the reason beside that card's form (errors stay,
 * issue 45; the notice says it too); a card's success goes back to the list with its notice, to the
 * page as the browser last showed it (the designer rewrites its address in place, so the page's own
 * URL may be older than what the tailor sees; Referer is not).
 */
export interface CardRefusal {
  /** The card the form was on; null when the form named none (a photo far too large to read). */
  designId: number | null;
  form: "price" | "upload";
  result: SubmissionResult<string[]>;
}

export async function merchantDesignAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  editingId?: number,
) {
  const merchant = await requireUser(context, { roles: "merchant" });
  const back = backTo(request, pagePath(request, true), { samePage: true });
  const refused = (card: CardRefusal, failure: string, status: number) =>
    dataWithErrorNow(
      request,
      context,
      { card },
      {
        message: failure,
        description: card.result.error?.[""]?.[0] ?? card.result.error?.price?.[0] ?? card.result.error?.photo?.[0],
      },
      { status },
    );
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // Almost always a photo far over the limit: say so where the tailor is.
    if (!(error instanceof DomainError)) throw pageFault(error);
    return refused({ designId: null, form: "upload", result: formRefusal(error.message) }, UPLOAD_FAILED, error.status);
  }
  const intent = form.get("intent");
  // The card a price or photo is for (a DomainError inside the tries below when it names none).
  const designId = () => editingId ?? parseId(form.get("designId"), DESIGN_NOT_FOUND);

  if (intent === "save-design") {
    // Saved at 0 (the spec's default when no price is given): said, as it is not for sale yet.
    let unpriced = false;
    try {
      const input = parseMerchantDesign(valuesOfForm(form), { imageRequired: false });
      unpriced = (editingId === undefined || form.has("price")) && input.price <= 0;
      if (editingId === undefined) await createMerchantDesign(merchant.id, input);
      else
        await updateMerchantDesign(merchant.id, editingId, {
          parts: input.parts,
          layout: input.layout,
          canvasPng: input.canvasPng,
          // The designer's form always sends the price field; a form without one keeps the price.
          ...(form.has("price") ? { price: input.price } : {}),
        });
    } catch (error) {
      return formFailure(error);
    }
    return redirectWithSuccess(POPULAR_DESIGNS, {
      message: DESIGN_SAVED,
      description: unpriced ? NOT_FOR_SALE_YET : undefined,
    });
  }

  // The card the form names, for its refusal (null when it names none).
  const cardId = () => editingId ?? idOf(form.get("designId"));

  if (intent === "price") {
    const submission = parseWithZod(form, { schema: designPriceSchema() });
    if (submission.status !== "success")
      return refused({ designId: cardId(), form: "price", result: submission.reply() }, PRICE_FAILED, 400);
    try {
      await setDesignPrice(merchant.id, designId(), submission.value.price);
    } catch (error) {
      if (!(error instanceof DomainError)) throw pageFault(error);
      return refused(
        { designId: cardId(), form: "price", result: formRefusal(error.message) },
        PRICE_FAILED,
        error.status,
      );
    }
    // Clearing the price takes the design off sale: said, not silently stored as a free shirt.
    if (submission.value.price === 0)
      return redirectWithWarning(back, { message: DESIGN_UPDATED, description: NOT_FOR_SALE_YET });
    return redirectWithSuccess(back, DESIGN_UPDATED);
  }

  if (intent === "upload") {
    const submission = parseWithZod(form, { schema: designSampleSchema() });
    if (submission.status !== "success")
      return refused({ designId: cardId(), form: "upload", result: submission.reply() }, UPLOAD_FAILED, 400);
    try {
      const photo = submission.value.photo;
      await uploadDesignSample(merchant.id, designId(), new Uint8Array(await photo.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof DomainError)) throw pageFault(error);
      return refused(
        { designId: cardId(), form: "upload", result: submission.reply({ formErrors: [error.message] }) },
        UPLOAD_FAILED,
        error.status,
      );
    }
    return redirectWithSuccess(back, { message: DESIGN_UPDATED, description: SAMPLE_AWAITS_APPROVAL });
  }

  return data({ result: formRefusal("ไม่รู้จักคำสั่งนี้") }, { status: 400 });
}
