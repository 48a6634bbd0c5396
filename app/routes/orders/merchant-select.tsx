import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { listTailorChoices, selectTailor } from "~/domain/orders/select-tailor.server";
import { formText, parseId } from "~/http/params";
import { orPageError, pageFault } from "~/http/responses.server";
import { formatCount } from "~/lib/format";
import { redirectWithError, redirectWithSuccess } from "~/lib/toast.server";
import type { Route } from "./+types/merchant-select";
import { OrderErrorView } from "./ui/order-error";
import { TailorCard } from "./ui/tailor-card";

export const meta: Route.MetaFunction = () => [{ title: `เลือกช่างตัด | ${site.enterpriseName}` }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, { roles: "user" });
  const productId = new URL(request.url).searchParams.get("productId");
  return orPageError(() => listTailorChoices(user.id, parseId(productId, ORDER_MESSAGES.cartItemNotFound)));
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
    if (isDomainError(error))
      return redirectWithError(
        `/merchant/select?productId=${encodeURIComponent(formText(form, "productId"))}`,
        error.message,
      );
    throw pageFault(error);
  }
  return redirectWithSuccess("/cart", ORDER_MESSAGES.tailorChosen);
}

export default function MerchantSelect({ loaderData }: Route.ComponentProps) {
  const { item, tailors } = loaderData;
  const available = tailors.filter((tailor) => tailor.quote.available).length;
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
      <p className="mt-4 text-sm text-stone-600">
        ราคาคิดจากราคาชิ้นส่วนลวดลายที่ช่างแต่ละร้านตั้งไว้ มีช่างที่รับตัดแบบนี้ได้ {formatCount(available)} ร้าน จากทั้งหมด{" "}
        {formatCount(tailors.length)} ร้าน
      </p>
      {tailors.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200">
          ยังไม่มีช่างตัดในระบบ
        </p>
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
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderErrorView error={error} backHref="/cart" backLabel="กลับไปตะกร้าสินค้า" />;
}
