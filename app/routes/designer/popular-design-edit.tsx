import { Link, redirect, useSearchParams } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { choiceFromSearch, choiceOf, hasChoiceInSearch, keepOverrides, searchOf } from "~/domain/designer/selection";
import { DESIGN_NOT_FOUND, getOwnDesign } from "~/domain/designs/designs.server";
import { httpPolicy } from "~/http/limits";
import { parseId } from "~/http/params";
import { pageUrl } from "~/http/paths";
import { orPageError } from "~/http/responses.server";
import type { Route } from "./+types/popular-design-edit";
import { DesignerView } from "./designer-view";
import { merchantDesignAction } from "./merchant-actions.server";
import { selectionOnly } from "./revalidate";
import { keepDesignWhenSaveFails } from "./save-failure";

/** Its writes carry a picture (app/http/limits.ts). */
export const handle = httpPolicy({ body: "picture" });

export const meta: Route.MetaFunction = ({ params }) => [{ title: `แก้ไขแบบเสื้อ #${params.id} | ร้านผ้าทอบ้านนาดี` }];

async function ownDesign(context: Route.LoaderArgs["context"], id: string) {
  const merchant = await requireUser(context, { roles: "merchant" });
  return { merchant, ...(await orPageError(() => getOwnDesign(merchant.id, parseId(id, DESIGN_NOT_FOUND)))) };
}

/** /merchant/popular_design/{id}: the designer opened on one of the tailor's own designs. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { model, layout } = await ownDesign(context, params.id);
  const { pathname, searchParams } = pageUrl(request);
  if (!hasChoiceInSearch(searchParams))
    throw redirect(`${pathname}${searchOf(choiceOf(model), { category: "shirt" })}`);
  return { design: { id: model.id, image: model.image, price: model.price, parts: model }, layout };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { model } = await ownDesign(context, params.id);
  return merchantDesignAction({ request, context }, model.id);
}

/** With JavaScript, a save that fails on the way keeps the design on screen and says why. */
export function clientAction(args: Route.ClientActionArgs) {
  return keepDesignWhenSaveFails(args);
}

export const shouldRevalidate = selectionOnly;

export default function EditPopularDesign({ loaderData, actionData }: Route.ComponentProps) {
  const { design, layout } = loaderData;
  const [searchParams] = useSearchParams();
  // Parts replaced since the design was saved lose their canvas position and scale.
  const overrides = keepOverrides(layout, choiceOf(design.parts), choiceFromSearch(searchParams));
  return (
    <>
      <header className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-2 px-4 pt-6">
        <div>
          <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">แก้ไขแบบเสื้อ #{design.id}</h1>
          <p className="mt-1 text-stone-600">เปลี่ยนชิ้นส่วนหรือสี แล้วกด “บันทึกการออกแบบ”</p>
        </div>
        <Link to="/merchant/popular_design" className="text-indigo-ink underline underline-offset-4">
          ← กลับไปที่แบบเสื้อยอดนิยมของคุณ
        </Link>
      </header>
      <DesignerView
        mode="merchant"
        initialOverrides={overrides}
        errors={actionData && "result" in actionData ? actionData.result.error?.[""] : undefined}
        price={design.price}
      />
    </>
  );
}
