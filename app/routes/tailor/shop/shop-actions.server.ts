import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { isDomainError } from "~/domain/errors";
import { photoFormSchema } from "~/domain/images/photo-form";
import { SHOP_PROFILE_MESSAGES } from "~/domain/merchants/shop-profile";
import {
  removeShopPhoto,
  type ShopEditor,
  saveShopProfile,
  setShopPhoto,
} from "~/domain/merchants/shop-profile.server";
import { shopProfileFormSchema } from "~/domain/merchants/shop-profile-form";
import { readForm } from "~/http/input.server";
import { formFailure, pageFault } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import { redirectWithSuccess } from "~/lib/toast.server";

/** The forms of the shop settings page: `intent` says which. */
export const SHOP_INTENTS = { profile: "profile", photo: "photo", removePhoto: "remove-photo" } as const;
export type ShopForm = "profile" | "photo";

/**
 * The shop settings forms' action, for the tailor's own page and the admin's (the form pattern of
 * components/forms.tsx). Refused, the page comes back with the reason beside the form it was sent
 * from (`form` names it) and nothing is saved; saved, back to `backTo` with the notice.
 */
export async function shopSettingsAction(request: Request, merchantId: number, by: ShopEditor, backTo: string) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    // Almost always a photo over the body limit: said beside the photo field.
    if (!isDomainError(error)) throw pageFault(error);
    return data({ form: "photo" as ShopForm, result: formRefusal(error.message) }, { status: 400 });
  }
  const intent = form.get("intent");

  if (intent === SHOP_INTENTS.photo || intent === SHOP_INTENTS.removePhoto) {
    const submission =
      intent === SHOP_INTENTS.photo
        ? parseWithZod(form, { schema: photoFormSchema(SHOP_PROFILE_MESSAGES.photoMissing) })
        : null;
    if (submission && submission.status !== "success")
      return data({ form: "photo" as ShopForm, result: submission.reply() }, { status: 400 });
    try {
      if (submission?.status === "success")
        await setShopPhoto(merchantId, new Uint8Array(await submission.value.photo.arrayBuffer()), by);
      else await removeShopPhoto(merchantId, by);
    } catch (error) {
      const failure = formFailure(error);
      return data({ form: "photo" as ShopForm, result: failure.data.result }, failure.init ?? { status: 400 });
    }
    return redirectWithSuccess(
      backTo,
      intent === SHOP_INTENTS.photo ? SHOP_PROFILE_MESSAGES.photoSaved : SHOP_PROFILE_MESSAGES.photoRemoved,
    );
  }

  const submission = parseWithZod(form, { schema: shopProfileFormSchema() });
  if (submission.status !== "success")
    return data({ form: "profile" as ShopForm, result: submission.reply() }, { status: 400 });
  try {
    await saveShopProfile(merchantId, submission.value, by);
  } catch (error) {
    const failure = formFailure(error);
    return data({ form: "profile" as ShopForm, result: failure.data.result }, failure.init ?? { status: 400 });
  }
  return redirectWithSuccess(backTo, SHOP_PROFILE_MESSAGES.saved);
}
