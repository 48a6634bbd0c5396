import { Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Refusal } from "~/components/form-fields";
import { lazyPart } from "~/components/lazy-part";
import { PaymentBadge } from "~/components/payment-badge";
import { ADMIN_MESSAGES, statusUpdatedMessage } from "~/domain/admin/messages";
import {
  adminStatusLabel,
  nextSort,
  ORDER_STATUSES,
  type OrderQuery,
  type OrderSortKey,
  orderQueryString,
  parseOrderQuery,
} from "~/domain/admin/order-query";
import { getOrder, listOrderRows, overrideOrderStatus } from "~/domain/admin/orders.server";
import { isDomainError } from "~/domain/errors";
import { ADMIN_CANCEL_REASONS, reasonFromForm } from "~/domain/orders/cancel-reasons";
import { PAYMENT_STATUSES, paymentLabel } from "~/domain/payments/payment-states";
import { idOf } from "~/http/params";
import { orPageError, pageFault, recordFromParam } from "~/http/responses.server";
import { formatBaht, formatCount, formatThaiDateTime } from "~/lib/format";
import { dataWithErrorNow, redirectWithSuccess } from "~/lib/toast.server";
import { ListCancelNote } from "~/routes/orders/ui/cancel-reason-note";
import type { Route } from "./+types/orders";
import {
  buttonSecondary,
  card,
  LoadingNote,
  OrderStatusBadge,
  Pager,
  PageTitle,
  smallLink,
  stackCell,
  stackRow,
  stackTable,
  tableHead,
} from "./ui/bits";
import { AdminLoadError } from "./ui/load-error";

/**
 * The order's details and the change of its status, drawn only with `?order=` or `?change=`: files
 * of their own, loaded then (docs/decisions.md, 123 and 127).
 */
const OrderDetailsDialog = lazyPart(() => import("./ui/order-dialogs").then((module) => module.OrderDetailsDialog));
const ChangeStatusDialog = lazyPart(() => import("./ui/order-dialogs").then((module) => module.ChangeStatusDialog));

export const meta: Route.MetaFunction = () => [{ title: "จัดการคำสั่งซื้อ | ผู้ดูแลระบบ" }];

const PAGE = "/admin/manage/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, { roles: "admin" });
  const params = new URL(request.url).searchParams;
  const query = parseOrderQuery(params);
  const { orders, total, page, pageCount, statusCounts, allOrders } = await orPageError(() => listOrderRows(query));
  const detail = await recordFromParam(params.get("order"), getOrder);
  const changing = await recordFromParam(params.get("change"), getOrder);
  // ?cancel=1 beside ?change: the cancel's own question, with its reason (issue 46).
  const confirmingCancel = changing !== null && changing.status !== "canceled" && params.get("cancel") === "1";
  return {
    orders,
    total,
    page,
    pageCount,
    statusCounts,
    allOrders,
    query: { ...query, page },
    detail,
    changing,
    confirmingCancel,
  };
}

/** The table's own address, without a dialog open. */
function tableAddress(request: Request): string {
  return PAGE + orderQueryString(parseOrderQuery(new URL(request.url).searchParams));
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(context, { roles: "admin" });
  const form = await request.formData();
  const id = idOf(form.get("id"));
  const status = String(form.get("status") ?? "");
  const back = tableAddress(request);
  // A refused change answers this page (the dialog it was asked in, when it is open) with why,
  // not only in the 2-second notice (errors stay, issue 45); nothing changed.
  const refused = (reason: string, status: number) =>
    dataWithErrorNow(
      request,
      context,
      { error: reason },
      { message: ADMIN_MESSAGES.statusFailed, description: reason },
      { status },
    );
  if (form.get("intent") !== "status" || id === null) return refused(ADMIN_MESSAGES.statusFailed, 400);
  // A cancel from this page says why (the JSON call may leave it out): refused beside the field,
  // the question still open (the form posts to the question's own address).
  let reason: string | undefined;
  if (status === "canceled") {
    const checked = reasonFromForm(form.get("reasonChoice"), form.get("reasonText"), ADMIN_CANCEL_REASONS);
    if ("error" in checked) return refused(checked.error, 400);
    reason = checked.reason;
  }
  try {
    const order = await overrideOrderStatus(id, status, admin, reason);
    return redirectWithSuccess(back, statusUpdatedMessage(adminStatusLabel(order.status)));
  } catch (error) {
    if (!isDomainError(error)) throw pageFault(error);
    return refused(error.message, error.status);
  }
}

const FILTERS = [null, ...ORDER_STATUSES] as const;
const PAYMENT_FILTERS = [null, ...PAYMENT_STATUSES] as const;

export default function ManageOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, total, page, pageCount, statusCounts, allOrders, query, detail, changing, confirmingCancel } =
    loaderData;
  const navigation = useNavigation();
  const here = PAGE + orderQueryString(query);
  const refusal = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-4 py-8">
      <PageTitle title="จัดการคำสั่งซื้อ" lead="คำสั่งซื้อทั้งหมดของร้าน พร้อมข้อมูลผู้ซื้อและช่างตัด">
        <LoadingNote loading={navigation.state === "loading" && navigation.location?.pathname === PAGE} />
        <Link to={here} preventScrollReset className={buttonSecondary}>
          <span aria-hidden="true">↻</span> รีเฟรช
        </Link>
      </PageTitle>
      {refusal && !changing ? (
        <Refusal title={ADMIN_MESSAGES.statusFailed} reason={refusal} testId="status-refusal" />
      ) : null}

      <nav aria-label="กรองตามสถานะ" className="flex flex-wrap gap-2">
        {FILTERS.map((status) => {
          const active = query.status === status;
          return (
            <Link
              key={status ?? "all"}
              to={PAGE + orderQueryString(query, { status, page: 1 })}
              aria-current={active ? "page" : undefined}
              className={`rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ${active ? "bg-indigo-ink text-white ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300 hover:bg-indigo-soft"}`}
            >
              {status ? adminStatusLabel(status) : "ทั้งหมด"}{" "}
              <span className={`ml-1.5 font-normal ${active ? "text-white/80" : "text-stone-600"}`}>
                {formatCount(status ? statusCounts[status] : allOrders)}
              </span>
            </Link>
          );
        })}
      </nav>

      <nav aria-label="กรองตามการชำระเงิน" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-stone-700">การชำระเงิน:</span>
        {PAYMENT_FILTERS.map((payment) => {
          const active = query.payment === payment;
          return (
            <Link
              key={payment ?? "all"}
              to={PAGE + orderQueryString(query, { payment, page: 1 })}
              aria-current={active ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-3 py-1 font-semibold ring-1 md:min-h-8 ${active ? "bg-indigo-ink text-white ring-indigo-ink" : "bg-white text-indigo-ink ring-stone-300 hover:bg-indigo-soft"}`}
            >
              {payment ? paymentLabel(payment) : "ทุกสถานะ"}
            </Link>
          );
        })}
      </nav>

      <div className={`${card} md:overflow-x-auto ${navigation.state === "loading" ? "opacity-70" : ""}`}>
        <table className={`${stackTable} md:min-w-[72rem]`}>
          <thead className={tableHead}>
            {/* On a phone only the sort links stay, as a row of buttons. */}
            <tr className="max-md:flex max-md:flex-wrap max-md:gap-x-1 max-md:px-1">
              <SortHeader query={query} sortKey="id" label="รหัส" />
              <th scope="col" className="max-md:hidden">
                ผู้ซื้อ
              </th>
              <th scope="col" className="max-md:hidden">
                ช่างตัด/ผู้ขาย
              </th>
              <SortHeader query={query} sortKey="price" label="ราคา" />
              <SortHeader query={query} sortKey="status" label="สถานะ" />
              <th scope="col" className="max-md:hidden">
                การชำระเงิน
              </th>
              <th scope="col" className="max-md:hidden">
                การจัดส่ง
              </th>
              <SortHeader query={query} sortKey="created" label="วันที่สร้าง" />
              <th scope="col" className="text-right max-md:hidden">
                จัดการ
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {orders.length === 0 ? (
              <tr>
                <td colSpan={9} className="px-3 py-10 text-center text-stone-500">
                  ไม่พบข้อมูลคำสั่งซื้อ
                </td>
              </tr>
            ) : (
              orders.map((order) => (
                <tr key={order.id} className={`hover:bg-cream ${stackRow}`} data-testid={`order-row-${order.id}`}>
                  <td data-label="รหัส" className={`${stackCell} font-semibold`}>
                    #{order.id}
                  </td>
                  <td data-label="ผู้ซื้อ" className={stackCell}>
                    {order.buyerName ?? `User ID: ${order.buyerId}`}
                  </td>
                  <td data-label="ช่างตัด" className={stackCell}>
                    {order.sellerName ?? <span className="text-stone-500">ยังไม่ได้เลือกช่าง</span>}
                  </td>
                  <td data-label="ราคา" className={`${stackCell} md:whitespace-nowrap`}>
                    {order.totalPrice === null ? (
                      <span className="text-stone-500">-</span>
                    ) : (
                      formatBaht(order.totalPrice)
                    )}
                  </td>
                  <td data-label="สถานะ" className={stackCell}>
                    <OrderStatusBadge status={order.status} />
                    <ListCancelNote order={order} />
                  </td>
                  <td data-label="การชำระเงิน" className={stackCell}>
                    {order.paymentStatus ? (
                      <PaymentBadge status={order.paymentStatus} />
                    ) : (
                      <span className="text-stone-500">-</span>
                    )}
                  </td>
                  <td data-label="การจัดส่ง" className={`${stackCell} md:whitespace-nowrap`}>
                    {order.delivery ?? <span className="text-stone-500">-</span>}
                  </td>
                  <td data-label="วันที่สร้าง" className={`${stackCell} md:whitespace-nowrap text-stone-600`}>
                    {formatThaiDateTime(order.createdAt)}
                  </td>
                  <td
                    data-label="จัดการ"
                    className={`${stackCell} md:whitespace-nowrap text-right max-md:justify-start`}
                  >
                    <Link
                      to={withDialog(query, "order", order.id)}
                      preventScrollReset
                      className={smallLink}
                      aria-label={`รายละเอียด คำสั่งซื้อ #${order.id}`}
                    >
                      รายละเอียด
                    </Link>
                    <Link
                      to={withDialog(query, "change", order.id)}
                      preventScrollReset
                      className={smallLink}
                      aria-label={`เปลี่ยนสถานะ คำสั่งซื้อ #${order.id}`}
                    >
                      เปลี่ยนสถานะ
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={page}
        pageCount={pageCount}
        total={total}
        unit="รายการ"
        hrefFor={(target) => PAGE + orderQueryString(query, { page: target })}
      />

      {detail ? (
        <OrderDetailsDialog order={detail} closeTo={here} changeTo={withDialog(query, "change", detail.id)} />
      ) : null}
      {changing ? (
        <ChangeStatusDialog
          order={changing}
          closeTo={here}
          // Posted to the dialog's own address: a refusal comes back with the dialog open.
          action={withDialog(query, "change", changing.id)}
          changeTo={withDialog(query, "change", changing.id)}
          confirmingCancel={confirmingCancel}
          error={refusal}
        />
      ) : null}
    </div>
  );
}

function withDialog(query: OrderQuery, key: "order" | "change", id: number): string {
  const base = orderQueryString(query);
  return `${PAGE}${base ? `${base}&` : "?"}${key}=${id}`;
}

function SortHeader({ query, sortKey, label }: { query: OrderQuery; sortKey: OrderSortKey; label: string }) {
  const active = query.sort === sortKey;
  const target = nextSort(query, sortKey);
  return (
    <th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"}>
      <Link
        to={PAGE + orderQueryString(query, { ...target, page: 1 })}
        preventScrollReset
        className="inline-flex min-h-11 items-center gap-1 whitespace-nowrap hover:underline md:min-h-6"
      >
        {label}
        <span aria-hidden="true" className={active ? "text-silk-deep" : "text-stone-400"}>
          {active ? (query.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
        <span className="sr-only">
          {active ? (query.dir === "asc" ? "(เรียงจากน้อยไปมาก)" : "(เรียงจากมากไปน้อย)") : "(เรียงลำดับ)"}
        </span>
      </Link>
    </th>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError message={ADMIN_MESSAGES.ordersLoadFailed} />;
}
