import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { getShopProfile } from "~/domain/merchants/shop-profile.server";
import { idOf } from "~/http/params";
import { pageFault, recordFromParam } from "~/http/responses.server";
import { formRefusal } from "~/lib/form-refusal";
import type { Route } from "./+types/admin-shop";
import { shopSettingsAction } from "./shop/shop-actions.server";
import { ShopChecklist } from "./shop/shop-checklist";
import { ShopPhotoForm } from "./shop/shop-photo-form";
import { ShopProfileForm } from "./shop/shop-profile-form";

export const meta: Route.MetaFunction = () => [{ title: `ข้อมูลร้านของช่าง | ${site.enterpriseName}` }];

/**
 * The admin sets a tailor's shop for them (issue 46): the same forms as /merchant/shop, for the
 * tailor named by ?merchantId= (chosen on the admin's pricing screen, which links here). Each
 * change is in the audit log as a change of that user, naming the fields, never their values.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const wanted = new URL(request.url).searchParams.get("merchantId");
  const profile = await recordFromParam(wanted, getShopProfile);
  return { profile };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  // The tailor is named in the address (the forms post back to it), checked before the body is read.
  const merchantId = idOf(new URL(request.url).searchParams.get("merchantId")) ?? 0;
  try {
    await getShopProfile(merchantId);
  } catch (error) {
    if (isDomainError(error))
      return data({ form: "profile" as const, result: formRefusal(error.message) }, { status: error.status });
    throw pageFault(error);
  }
  return shopSettingsAction(
    request,
    merchantId,
    { id: admin.id, name: admin.name, onBehalf: true },
    `/admin/manage/shops?merchantId=${merchantId}`,
  );
}

export default function AdminShop({ loaderData, actionData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const resultOf = (form: "profile" | "photo") => (actionData?.form === form ? actionData.result : undefined);
  return (
    <section className="mx-auto max-w-3xl px-4 pt-8 pb-10">
      <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">ข้อมูลร้านของช่าง</h1>
      {profile ? (
        <>
          <p className="mt-2 text-lg text-stone-700">
            {profile.shopName || "ยังไม่มีชื่อร้าน"} (ช่าง: {profile.ownerName})
          </p>
          <p className="mt-1 text-sm text-stone-600">
            การแก้ไขจะถูกบันทึกในบันทึกการดำเนินการ (เฉพาะว่าช่องใดเปลี่ยน ไม่เก็บค่า) ·{" "}
            <Link
              to={`/admin/manage/pricings?merchantId=${profile.id}`}
              className="font-semibold text-indigo-ink underline"
            >
              ราคาลวดลายของร้านนี้
            </Link>
          </p>
          <ShopChecklist checklist={profile.checklist} ready={profile.ready} links={false} />
          <ShopProfileForm profile={profile} result={resultOf("profile")} forAdmin />
          <ShopPhotoForm
            photoUrl={profile.photoUrl}
            shopName={profile.shopName || profile.ownerName}
            result={resultOf("photo")}
          />
        </>
      ) : (
        <div className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-stone-200">
          <p role="alert" className="text-stone-700">
            ไม่พบร้านค้าที่เลือก เลือกร้านจากหน้าจัดการราคาลวดลาย
          </p>
          <Form method="get" action="/admin/manage/pricings" className="mt-3">
            <input type="hidden" name="page" value="1" />
            <button type="submit" className="min-h-11 rounded-lg bg-indigo-ink px-5 font-semibold text-white">
              เลือกร้านค้า
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
