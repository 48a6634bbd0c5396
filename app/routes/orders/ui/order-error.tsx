import { isRouteErrorResponse, Link } from "react-router";

/** The order pages' error view: the Thai message of a 401/403/404/409, or a general one. */
export function OrderErrorView({
  error,
  backHref,
  backLabel,
}: {
  error: unknown;
  backHref: string;
  backLabel: string;
}) {
  let title = "เกิดข้อผิดพลาดในการโหลดข้อมูลคำสั่งซื้อ";
  let status = 500;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    if (typeof error.data === "string" && error.data) title = error.data;
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-stone-500">ข้อผิดพลาด {status}</p>
      <h1 className="mt-2 text-2xl font-semibold text-indigo-ink">{title}</h1>
      <Link
        to={backHref}
        className="mt-6 inline-block rounded-lg bg-indigo-ink px-5 py-2.5 font-semibold text-white hover:bg-indigo-deep"
      >
        {backLabel}
      </Link>
    </section>
  );
}
