import { redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { categoryFromSearch } from "~/domain/designer/selection";
import { listMerchantDesigns } from "~/domain/designs/designs.server";
import { httpPolicy } from "~/http/limits";
import { pageUrl } from "~/http/paths";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/popular-designs";
import { DesignCards } from "./design-cards";
import { DesignerView } from "./designer-view";
import { merchantDesignAction } from "./merchant-actions.server";
import { selectionOnly } from "./revalidate";
import { keepDesignWhenSaveFails } from "./save-failure";

/** Its writes carry a picture (app/http/limits.ts). */
export const handle = httpPolicy({ body: "picture" });

export const meta: Route.MetaFunction = () => [{ title: "แบบเสื้อยอดนิยมของคุณ | ร้านผ้าทอบ้านนาดี" }];

/** /merchant/popular_design: the designer in merchant mode, and the tailor's own designs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const merchant = await requireUser(context, { roles: "merchant" });
  const { pathname, searchParams } = pageUrl(request);
  if (!categoryFromSearch(searchParams)) {
    searchParams.set("category", "shirt");
    throw redirect(`${pathname}?${searchParams}`);
  }
  return { designs: await orPageError(() => listMerchantDesigns(merchant.id)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return merchantDesignAction({ request, context });
}

/** With JavaScript, a save that fails on the way keeps the design on screen and says why. */
export function clientAction(args: Route.ClientActionArgs) {
  return keepDesignWhenSaveFails(args);
}

export const shouldRevalidate = selectionOnly;

export default function PopularDesigns({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <header className="mx-auto max-w-7xl px-4 pt-6">
        <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">แบบเสื้อยอดนิยมของคุณ</h1>
        <p className="mt-1 text-stone-600">ออกแบบเสื้อแล้วบันทึกเป็นแบบของร้าน ตั้งราคา และอัปโหลดรูปตัวอย่างให้ลูกค้าเห็น</p>
      </header>
      <DesignerView
        mode="merchant"
        errors={actionData && "result" in actionData ? actionData.result.error?.[""] : undefined}
      />
      <DesignCards
        designs={loaderData.designs}
        refusal={actionData && "card" in actionData ? actionData.card : undefined}
      />
    </>
  );
}
