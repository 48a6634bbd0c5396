import { Link, useLocation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Pagination } from "~/components/pagination";
import { Form } from "~/components/post-form";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { listTailorChoices, selectTailor, tailorSortFrom } from "~/domain/orders/select-tailor.server";
import { formText, parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatCount } from "~/lib/format";
import { pageFrom, SEARCH_TERM_MAX } from "~/lib/paging";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/merchant-select";
import { OrderErrorView } from "./ui/order-error";
import { TailorCard } from "./ui/tailor-card";
import { TailorSortLinks } from "./ui/tailor-sort";

export const meta: Route.MetaFunction = () => [{ title: `เลือกช่างตัด | ${site.enterpriseName}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  const url = new URL(request.url);
  return orPageError(() =>
    listTailorChoices(user.id, parseId(url.searchParams.get("productId"), ORDER_MESSAGES.cartItemNotFound), {
      page: pageFrom(url),
      search: url.searchParams.get("q") ?? "",
      sort: tailorSortFrom(url.searchParams.get("sort")),
    }),
  );
}

/** Choose: sets the item's tailor and price from that tailor's quote, then back to the cart. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, { roles: "user" });
  const form = await request.formData();
  try {
    await selectTailor(
      user.id,
      parseId(formText(form, "productId"), ORDER_MESSAGES.notFound, ORDER_MESSAGES.badId),
      parseId(formText(form, "merchantId"), ORDER_MESSAGES.tailorNotFound),
    );
  } catch (error) {
    // The page again (the same address: its item and list), the reason above the tailors where the
    // choice was made; it stays until the next choice (the notice says it too).
    if (isDomainError(error))
      return dataWithErrorNow(request, context, { chooseError: error.message }, error.message, {
        status: error.status,
      });
    throw pageFault(error);
  }
  return redirectWithSuccess("/cart", ORDER_MESSAGES.tailorChosen);
}

export default function MerchantSelect({ loaderData, actionData }: Route.ComponentProps) {
  const { item, items: tailors, available, total, page, pageCount, search, sort } = loaderData;
  const chooseError = actionData && "chooseError" in actionData ? actionData.chooseError : null;
  const location = useLocation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/cart" className="text-sm font-semibold text-indigo-ink underline">
        ← กลับไปตะกร้าสินค้า
      </Link>
      <h1 className="mt-3 text-2xl font-semibold text-indigo-ink">เลือกช่างตัด</h1>
      <div className="mt-4 flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <img
          src={item.image}
          alt={`ภาพ${item.name}`}
          width={80}
          height={80}
          className="size-20 shrink-0 rounded-xl bg-cream object-contain ring-1 ring-stone-200"
        />
        <div className="min-w-0">
          <p className="font-semibold text-indigo-ink">{item.name}</p>
          <p className="text-sm text-stone-600">จำนวน {formatCount(item.quantity)} ตัว</p>
          <p className="text-sm text-stone-600">
            {item.sellerUser ? `ช่างตัดตอนนี้: ${item.sellerUser.shopName ?? item.sellerUser.name}` : "ยังไม่ได้เลือกช่าง"}
          </p>
        </div>
      </div>
      <Form method="get" role="search" className="mt-4 flex flex-wrap gap-2">
        <input type="hidden" name="productId" value={item.id} />
        {sort !== "total" ? <input type="hidden" name="sort" value={sort} /> : null}
        <label htmlFor="tailor-search" className="sr-only">
          ค้นหาช่างตัด
        </label>
        <input
          id="tailor-search"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={SEARCH_TERM_MAX}
          placeholder="ค้นหาชื่อช่างหรือชื่อร้าน"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 sm:max-w-sm"
        />
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-white px-4 font-semibold text-indigo-ink ring-1 ring-stone-300 hover:ring-indigo-ink"
        >
          ค้นหา
        </button>
        {search ? (
          <Link
            to={`/merchant/select?productId=${item.id}`}
            className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-indigo-ink underline"
          >
            ล้างการค้นหา
          </Link>
        ) : null}
      </Form>
      <p className="mt-4 text-sm text-stone-600">
        ราคาคิดจากราคาชิ้นส่วนลวดลายที่ช่างแต่ละร้านตั้งไว้{" "}
        {search
          ? `พบช่างที่ตรงกับ “${search}” ${formatCount(total)} ร้าน รับตัดแบบนี้ได้ ${formatCount(available)} ร้าน`
          : `มีช่างที่รับตัดแบบนี้ได้ ${formatCount(available)} ร้าน จากทั้งหมด ${formatCount(total)} ร้าน`}
      </p>
      <TailorSortLinks itemId={item.id} search={search} sort={sort} />
      {total === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200">
          {search ? `ไม่พบช่างตัดที่ตรงกับ “${search}”` : "ยังไม่มีช่างตัดในระบบ"}
        </p>
      ) : null}
      {chooseError ? (
        <div
          role="alert"
          tabIndex={-1}
          // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused choice, to bring the reason into view
          autoFocus
          data-testid="choose-error"
          className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-lac ring-1 ring-lac/30 focus:outline-none"
        >
          {chooseError}
        </div>
      ) : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="รายชื่อช่างตัด">
        {tailors.map((tailor, index) => (
          <TailorCard
            key={tailor.id}
            tailor={tailor}
            productId={item.id}
            current={item.sellerId === tailor.id}
            eager={index < 2}
          />
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} search={location.search} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/cart" backLabel="กลับไปตะกร้าสินค้า" />;
}
