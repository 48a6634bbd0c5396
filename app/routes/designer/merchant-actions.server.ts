import { data, type RouterContextProvider } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { formRefusal } from "~/lib/form-refusal";
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
import { priceSchema } from "~/domain/designs/payloads";
import { DomainError } from "~/domain/errors";
import { readForm } from "~/http/input.server";
import { parseId } from "~/http/params";
import { backTo, pagePath } from "~/http/paths";
import { formFailure, pageFault } from "~/http/responses.server";
import { redirectWithError, redirectWithSuccess, redirectWithWarning } from "~/lib/toast.server";

/** Where a saved design goes: the list, its tab already in the address (no second redirect to lose the notice). */
export const POPULAR_DESIGNS = "/merchant/popular_design?category=shirt";

/**
 * The forms of a tailor's designer pages: save the design (new, or the one being edited), set a
 * design's price, upload a sample photo. Every one checks the role and the design's owner.
 * A card's failure goes back to the list with the notice (and its reason), with or without JavaScript:
 * to the page as the browser last showed it (the designer rewrites its address in place, so the
 * page's own URL may be older than what the tailor sees; Referer is not).
 */
export async function merchantDesignAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  editingId?: number,
) {
  const merchant = await requireUser(context, { roles: "merchant" });
  const back = backTo(request, pagePath(request, true), { samePage: true });
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // Almost always a photo far over the limit: say so where the tailor is.
    if (!(error instanceof DomainError)) throw pageFault(error);
    return redirectWithError(back, { message: UPLOAD_FAILED, description: error.message });
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

  if (intent === "price") {
    try {
      const parsed = priceSchema.safeParse(form.get("price"));
      if (!parsed.success) throw new DomainError("bad_input", parsed.error.issues[0]!.message);
      await setDesignPrice(merchant.id, designId(), parsed.data);
      // Clearing the price takes the design off sale: said, not silently stored as a free shirt.
      if (parsed.data === 0)
        return redirectWithWarning(back, { message: DESIGN_UPDATED, description: NOT_FOR_SALE_YET });
    } catch (error) {
      if (!(error instanceof DomainError)) throw pageFault(error);
      return redirectWithError(back, { message: "ไม่สามารถบันทึกราคาได้", description: error.message });
    }
    return redirectWithSuccess(back, DESIGN_UPDATED);
  }

  if (intent === "upload") {
    try {
      const photo = form.get("photo");
      if (!(photo instanceof File) || photo.size === 0) throw new DomainError("bad_input", "กรุณาเลือกไฟล์รูปภาพ");
      await uploadDesignSample(merchant.id, designId(), new Uint8Array(await photo.arrayBuffer()));
    } catch (error) {
      if (!(error instanceof DomainError)) throw pageFault(error);
      return redirectWithError(back, { message: UPLOAD_FAILED, description: error.message });
    }
    return redirectWithSuccess(back, { message: DESIGN_UPDATED, description: SAMPLE_AWAITS_APPROVAL });
  }

  return data({ result: formRefusal("ไม่รู้จักคำสั่งนี้") }, { status: 400 });
}
