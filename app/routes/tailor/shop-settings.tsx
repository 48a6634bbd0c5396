import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { getShopProfile } from "~/domain/merchants/shop-profile.server";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/shop-settings";
import { shopSettingsAction } from "./shop/shop-actions.server";
import { ShopChecklist } from "./shop/shop-checklist";
import { ShopPhotoForm } from "./shop/shop-photo-form";
import { ShopProfileForm } from "./shop/shop-profile-form";

export const meta: Route.MetaFunction = () => [{ title: `ร้านของฉัน | ${site.enterpriseName}` }];

/** The tailor's own shop (issue 46): the checklist, the name, description and address choice, and the photo. */
export async function loader({ context }: Route.LoaderArgs) {
  const tailor = await requireUser(context, { roles: "merchant" });
  return { profile: await orPageError(() => getShopProfile(tailor.id)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const tailor = await requireUser(context, { roles: "merchant" });
  return shopSettingsAction(
    request,
    tailor.id,
    { id: tailor.id, name: tailor.name, onBehalf: false },
    "/merchant/shop",
  );
}

export default function ShopSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const resultOf = (form: "profile" | "photo") => (actionData?.form === form ? actionData.result : undefined);
  return (
    <section className="mx-auto max-w-3xl px-4 pt-8 pb-10">
      <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">ร้านของฉัน</h1>
      <p className="mt-2 text-stone-600">
        ชื่อร้าน คำอธิบาย และรูปร้านที่ลูกค้าเห็น
        {profile.ready ? (
          <>
            {" "}
            <Link to={`/merchant/info/${profile.id}`} className="font-semibold text-indigo-ink underline">
              ดูหน้าร้านของคุณ
            </Link>
          </>
        ) : null}
      </p>
      <ShopChecklist checklist={profile.checklist} ready={profile.ready} />
      <ShopProfileForm profile={profile} result={resultOf("profile")} />
      <ShopPhotoForm
        photoUrl={profile.photoUrl}
        shopName={profile.shopName || profile.ownerName}
        result={resultOf("photo")}
      />
    </section>
  );
}
