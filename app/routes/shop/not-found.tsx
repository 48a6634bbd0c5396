import { data } from "react-router";
import { edgeRefusalOf } from "~/http/refusal-page";
import type { Route } from "./+types/not-found";

/**
 * Any address the shop does not know: a real 404 with the Thai error page, whatever the method.
 * The HTTP edge also asks here for the page of a refusal it gave itself (app/http/refusal-page.ts).
 */
export function loader({ context }: Route.LoaderArgs) {
  const edge = edgeRefusalOf(context);
  if (edge) throw data(edge.refusal, { status: edge.status });
  throw data("ไม่พบหน้าที่ต้องการ", { status: 404 });
}

/** A write to an unknown address is a 404 too (not "method not allowed": there is nothing here to allow it). */
export function action() {
  throw data("ไม่พบหน้าที่ต้องการ", { status: 404 });
}

export default function NotFound() {
  return null;
}
