import { listPublicShops } from "~/domain/merchants/shops.server";
import { pageFrom } from "~/lib/paging";
import type { Route } from "./+types/api.public-merchants";

/** Tailors per page of the JSON list, and the newest designs each carries (its `designCount` says how many in all). */
const MERCHANTS_PER_PAGE = 20;
const DESIGNS_EACH = 24;

/**
 * GET /api/public/merchants[?page=N]: active tailors with contact details and their designs on
 * sale (id, image, price), 20 tailors a page; beside the spec's fields, each row carries the
 * tailor's shippingFee, leadTimeDays and promptPay (issue 45), and shopName, description and
 * photoUrl (issue 46: `image` is the same photo, the spec's name). Only shops that can take orders
 * are listed (READY_SHOP), and `address` is null unless the tailor chose to show it. The body stays the spec's array; the headers say
 * where it stands: X-Total-Count (tailors in all) and Link (rel="prev"/"next", RFC 8288).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = pageFrom(url);
  const result = await listPublicShops({ page: requested, pageSize: MERCHANTS_PER_PAGE, designsEach: DESIGNS_EACH });
  // Past the last page is an empty page, not the last one again: a client paging on stops there.
  const shops = requested > result.pageCount ? [] : result.items;
  const links: string[] = [];
  const linkTo = (page: number, rel: string) => `</api/public/merchants?page=${page}>; rel="${rel}"`;
  if (result.page > 1 && requested <= result.pageCount) links.push(linkTo(result.page - 1, "prev"));
  if (requested < result.pageCount) links.push(linkTo(requested + 1, "next"));
  return Response.json(
    shops.map((shop) => ({
      id: shop.id,
      name: shop.name,
      phone: shop.phone,
      email: shop.email,
      // Only when the tailor chose to show it (issue 46); null otherwise.
      address: shop.address,
      image: shop.image,
      shopName: shop.shopName,
      description: shop.detail,
      photoUrl: shop.image,
      designCount: shop.designCount,
      shippingFee: shop.shippingFee,
      leadTimeDays: shop.leadTimeDays,
      promptPay: shop.promptPay,
      rating: shop.rating,
      designModels: shop.designModels.map((design) => ({ id: design.id, image: design.image, price: design.price })),
    })),
    { headers: { "X-Total-Count": String(result.total), ...(links.length ? { Link: links.join(", ") } : {}) } },
  );
}
