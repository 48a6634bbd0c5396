import { data, useLoaderData, useNavigate } from "react-router";
import { site } from "~/content/site";
import { ORDER_MESSAGES } from "~/domain/orders/messages";
import { backTo } from "~/http/paths";

/** Where "back" leads without JavaScript: the page the browser came from, else the order list. */
export function loader({ request }: { request: Request }) {
  const fallback = new URL(request.url).pathname.startsWith("/merchant") ? "/merchant" : "/user/orders";
  return data({ back: backTo(request, fallback) }, { status: 404 });
}

export const meta = () => [{ title: `${ORDER_MESSAGES.missingId} | ${site.enterpriseName}` }];

/** /user/product and /merchant/order without an id: the spec's notice and a step back. */
export default function OrderMissing() {
  const navigate = useNavigate();
  const { back } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-indigo-ink">{ORDER_MESSAGES.missingId}</h1>
      <p className="mt-3 text-stone-600">กรุณาเลือกคำสั่งซื้อจากรายการอีกครั้ง</p>
      {/* A link works without JavaScript; with it, the click steps back in history. */}
      <a
        href={back}
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            navigate(-1);
          }
        }}
        className="mt-6 inline-block rounded-lg bg-indigo-ink px-5 py-2.5 font-semibold text-white hover:bg-indigo-deep"
      >
        ย้อนกลับ
      </a>
    </section>
  );
}
