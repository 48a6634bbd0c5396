import { data, Link, redirect, useSearchParams } from "react-router";
import { requireRole } from "~/auth/guards.server";
import { choiceFromSearch, choiceOf, hasChoiceInSearch, keepOverrides, searchOf } from "~/domain/designer/selection";
import { getOwnDesign } from "~/domain/designs/designs.server";
import { isDomainError } from "~/domain/errors";
import type { Route } from "./+types/popular-design-edit";
import { pagePath } from "./design-requests.server";
import { DesignerView } from "./designer-view";
import { merchantDesignAction } from "./merchant-actions.server";
import { selectionOnly } from "./revalidate";
import { keepDesignWhenSaveFails } from "./save-failure";

export const meta: Route.MetaFunction = ({ params }) => [{ title: `แก้ไขแบบเสื้อ #${params.id} | ร้านผ้าทอบ้านนาดี` }];

async function ownDesign(request: Request, id: string) {
  const merchant = await requireRole(request, "merchant");
  try {
    return { merchant, ...(await getOwnDesign(merchant.id, Number(id))) };
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** /merchant/popular_design/{id}: the designer opened on one of the tailor's own designs. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { model, layout } = await ownDesign(request, params.id);
  const { pathname, searchParams } = pagePath(request);
  if (!hasChoiceInSearch(searchParams))
    throw redirect(`${pathname}${searchOf(choiceOf(model), { category: "shirt" })}`);
  return { design: { id: model.id, image: model.image, parts: model }, layout };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { merchant: _owner } = await ownDesign(request, params.id);
  return merchantDesignAction(request, Number(params.id));
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
      <DesignerView mode="merchant" initialOverrides={overrides} formError={actionData?.formError} />
    </>
  );
}
