import { Link, useFetcher } from "react-router";
import { AddressDialog } from "~/components/address-dialog";
import { Refusal } from "~/components/form-fields";
import { OrderMeasurementsSection } from "~/components/measurements";
import { PostKey } from "~/components/post-form";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import { adminStatusLabel, OVERRIDE_STATUSES } from "~/domain/admin/order-query";
import type { AdminOrder } from "~/domain/admin/orders.server";
import { ADMIN_CANCEL_REASONS, CANCELED_BY_WORDS } from "~/domain/orders/cancel-reasons";
import { paymentLabel } from "~/domain/payments/payment-states";
import { formatBaht, formatBahtExact, formatCount, formatThaiDateTime } from "~/lib/format";
import { CancelReasonFields } from "~/routes/orders/ui/cancel-reason-fields";
import { buttonPrimary, buttonSecondary, Detail, OrderStatusBadge } from "./bits";

/** The order screen's two dialogs: every detail of one order, and the status override. */

const SHIRT_STYLE_LABEL = "เสื้อลายผ้าทอสั่งตัด";

export function OrderDetailsDialog({
  order,
  closeTo,
  changeTo,
}: {
  order: AdminOrder;
  closeTo: string;
  changeTo: string;
}) {
  const section = "rounded-xl bg-cream p-4 ring-1 ring-stone-200";
  return (
    <AddressDialog title={`รายละเอียดคำสั่งซื้อ #${order.id}`} closeTo={closeTo} wide>
      <div className="grid gap-4 md:grid-cols-2">
        <section className={section} aria-labelledby="order-info">
          <h3 id="order-info" className="font-semibold text-indigo-ink">
            ข้อมูลคำสั่งซื้อ
          </h3>
          <dl className="mt-2">
            <Detail label="รหัสคำสั่งซื้อ" value={`#${order.id}`} />
            <Detail label="สถานะ" value={<OrderStatusBadge status={order.status} />} />
            {order.status === "canceled" ? (
              <Detail
                label="เหตุผลที่ยกเลิก"
                value={`${order.canceledBy ? `${CANCELED_BY_WORDS[order.canceledBy]}: ` : ""}${order.cancelReason ?? "ไม่ได้ระบุ"}`}
              />
            ) : null}
            <Detail label="จำนวน" value={`${formatCount(order.quantity)} ตัว`} />
            <Detail label="ขนาด" value={order.size?.name ?? (order.measurements ? "ตามสัดส่วน" : null)} />
            {order.shippingFee !== null ? <Detail label="ค่าจัดส่ง" value={formatBaht(order.shippingFee)} /> : null}
            <Detail label="ราคารวม" value={order.totalPrice === null ? null : formatBaht(order.totalPrice)} />
            <Detail label="วันที่สั่งซื้อ" value={order.orderedAt ? formatThaiDateTime(order.orderedAt) : null} />
            <Detail label="อัปเดตล่าสุด" value={formatThaiDateTime(order.updatedAt)} />
          </dl>
        </section>
        <section className={section} aria-labelledby="order-design">
          <h3 id="order-design" className="font-semibold text-indigo-ink">
            แบบเสื้อ
          </h3>
          {order.designModel ? (
            <div className="mt-2 flex flex-col gap-3 sm:flex-row">
              <img
                src={order.designModel.image}
                alt={`ภาพแบบเสื้อของคำสั่งซื้อ #${order.id}`}
                width={112}
                height={112}
                className="size-28 shrink-0 rounded-lg bg-white object-contain ring-1 ring-stone-200"
              />
              <dl className="min-w-0 flex-1 [&>div]:grid-cols-[5.5rem_1fr]">
                <Detail label="รหัสแบบ" value={`#${order.designId}`} />
                <Detail label="รูปแบบ" value={SHIRT_STYLE_LABEL} />
              </dl>
            </div>
          ) : (
            <p className="mt-2 text-sm text-stone-500">ไม่มีรูปแบบเสื้อ</p>
          )}
        </section>
        <section className={section} aria-labelledby="order-buyer">
          <h3 id="order-buyer" className="font-semibold text-indigo-ink">
            ข้อมูลผู้ซื้อ
          </h3>
          <dl className="mt-2">
            <Detail label="ชื่อ" value={order.buyerUser?.name ?? `User ID: ${order.buyerId}`} />
            <Detail label="อีเมล" value={order.buyerUser?.email} />
            <Detail label="เบอร์โทรศัพท์" value={order.buyerUser?.phone} />
            <Detail label="ที่อยู่จัดส่ง" value={order.deliveryAddress} />
          </dl>
        </section>
        <section className={section} aria-labelledby="order-seller">
          <h3 id="order-seller" className="font-semibold text-indigo-ink">
            ข้อมูลช่างตัด
          </h3>
          {order.sellerUser ? (
            <dl className="mt-2">
              <Detail label="ชื่อ" value={order.sellerUser.name} />
              <Detail label="อีเมล" value={order.sellerUser.email} />
              <Detail label="เบอร์โทรศัพท์" value={order.sellerUser.phone} />
            </dl>
          ) : (
            <p className="mt-2 text-sm text-stone-500">ยังไม่ได้เลือกช่าง</p>
          )}
        </section>
        {order.measurements ? (
          <OrderMeasurementsSection
            measurements={order.measurements}
            headingLevel={3}
            className={`${section} md:col-span-2`}
            note="บันทึกไว้ตอนสั่งตัด การแก้ไขสัดส่วนของลูกค้าภายหลังไม่เปลี่ยนคำสั่งซื้อนี้"
          />
        ) : null}
        <section className={`${section} md:col-span-2`} aria-labelledby="order-money">
          <h3 id="order-money" className="font-semibold text-indigo-ink">
            การชำระเงินและการจัดส่ง
          </h3>
          <dl className="mt-2">
            <Detail
              label="การชำระเงิน"
              value={
                order.payment
                  ? `${paymentLabel(order.payment.status)} · ${formatBahtExact(order.payment.amount)}${order.payment.method === "cash" ? " (เงินสดหรือช่องทางอื่น)" : ""}`
                  : "ยังไม่ต้องชำระ (ช่างยังไม่รับงาน)"
              }
            />
            <Detail
              label="สลิปโอนเงิน"
              value={
                order.payment?.slipUrl ? (
                  <a href={order.payment.slipUrl} target="_blank" rel="noopener" className="inline-block">
                    <img
                      src={order.payment.slipUrl}
                      alt={`สลิปโอนเงินของคำสั่งซื้อ #${order.id}`}
                      width={96}
                      height={144}
                      loading="lazy"
                      className="h-36 w-24 rounded bg-white object-contain ring-1 ring-stone-200"
                    />
                  </a>
                ) : null
              }
            />
            <Detail
              label="การจัดส่ง"
              value={
                order.delivery ? (
                  <>
                    {order.delivery.text}
                    {order.delivery.trackingUrl ? (
                      <>
                        {" "}
                        <a
                          href={order.delivery.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-semibold text-indigo-ink underline"
                        >
                          ติดตามพัสดุ
                        </a>
                      </>
                    ) : null}
                  </>
                ) : null
              }
            />
          </dl>
        </section>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4">
        {/* The order's conversation (issue 48): an admin reads it, and may write as the shop. */}
        {order.status === "cart" ? null : (
          <Link to={`/orders/${order.id}/messages`} className={buttonSecondary}>
            ข้อความของคำสั่งซื้อ
          </Link>
        )}
        <Link to={changeTo} preventScrollReset className={buttonSecondary}>
          เปลี่ยนสถานะ
        </Link>
        <Link to={closeTo} preventScrollReset className={buttonPrimary}>
          ปิด
        </Link>
      </div>
    </AddressDialog>
  );
}

/**
 * Buttons for each status an admin may set; the current one is disabled and there is none
 * for cart. With JavaScript the form goes through a fetcher: the table reloads its data in
 * place and the dialog closes; without it the post redirects back to the table.
 */
export function ChangeStatusDialog({
  order,
  closeTo,
  action,
  changeTo,
  confirmingCancel,
  error: refusedBefore,
}: {
  order: AdminOrder;
  closeTo: string;
  action: string;
  /** This dialog's own address (?change=id): the cancel's question adds &cancel=1 to it. */
  changeTo: string;
  /** The cancel asked about: its reason and confirmation instead of the tiles. */
  confirmingCancel: boolean;
  /** Why the last change was refused (a missing reason, an order that moved on), without JavaScript. */
  error?: string;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const refusal = (fetcher.data && "error" in fetcher.data ? fetcher.data.error : undefined) ?? refusedBefore;
  const sending = fetcher.state !== "idle" ? String(fetcher.formData?.get("status") ?? "") : null;
  const cancelTo = `${changeTo}&cancel=1`;
  if (confirmingCancel)
    return <CancelOrderDialog order={order} closeTo={changeTo} action={cancelTo} error={refusal} fetcher={fetcher} />;
  return (
    <AddressDialog title={`เปลี่ยนสถานะคำสั่งซื้อ #${order.id}`} closeTo={closeTo}>
      <p className="flex flex-wrap items-center gap-2">
        สถานะปัจจุบัน: <OrderStatusBadge status={order.status} />
      </p>
      {refusal ? (
        <div className="mt-3">
          <Refusal title={ADMIN_MESSAGES.statusFailed} reason={refusal} testId="status-refusal" />
        </div>
      ) : null}
      <fetcher.Form method="post" action={action} preventScrollReset className="mt-4">
        <PostKey />
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={order.id} />
        <fieldset disabled={sending !== null}>
          <legend className="text-sm font-semibold text-stone-700">เลือกสถานะใหม่</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {OVERRIDE_STATUSES.map((status) =>
              status === "canceled" && status !== order.status ? (
                // Cancelling ends the order for both sides: asked about first, with a reason.
                <Link
                  key={status}
                  to={cancelTo}
                  preventScrollReset
                  className="rounded-lg px-4 py-3 text-left font-semibold text-lac ring-1 ring-stone-300 hover:bg-red-50"
                >
                  {adminStatusLabel(status)}
                  <span className="block text-xs font-normal text-stone-600">ถามยืนยันและเหตุผลก่อน</span>
                </Link>
              ) : (
                <button
                  key={status}
                  type="submit"
                  name="status"
                  value={status}
                  disabled={status === order.status}
                  className="rounded-lg px-4 py-3 text-left font-semibold ring-1 ring-stone-300 hover:bg-indigo-soft disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-400"
                >
                  {sending === status ? "กำลังอัปเดต..." : adminStatusLabel(status)}
                  {status === order.status ? <span className="block text-xs font-normal">(สถานะปัจจุบัน)</span> : null}
                </button>
              ),
            )}
          </div>
        </fieldset>
      </fetcher.Form>
      <div className="mt-5 flex justify-end border-t border-stone-200 pt-4">
        <Link to={closeTo} preventScrollReset className={buttonSecondary}>
          ปิด
        </Link>
      </div>
    </AddressDialog>
  );
}

/**
 * The admin's cancel: what happens, a reason (kept on the order, shown to both sides and in the audit
 * log) and a confirm button. Through the dialog's fetcher with JavaScript; a plain post to this
 * question's own address without it, so a refused reason comes back here.
 */
function CancelOrderDialog({
  order,
  closeTo,
  action,
  error,
  fetcher,
}: {
  order: AdminOrder;
  closeTo: string;
  action: string;
  error?: string;
  fetcher: ReturnType<typeof useFetcher<{ error?: string }>>;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <AddressDialog title={`ยกเลิกคำสั่งซื้อ #${order.id}?`} closeTo={closeTo}>
      <p className="flex flex-wrap items-center gap-2">
        สถานะปัจจุบัน: <OrderStatusBadge status={order.status} />
      </p>
      <p className="mt-2 text-stone-700">
        ผู้ซื้อและช่างตัดจะเห็นว่าผู้ดูแลระบบยกเลิกคำสั่งซื้อนี้พร้อมเหตุผล และได้รับแจ้ง
        {order.payment?.status === "paid" ? " เงินที่ชำระแล้วจะต้องคืนให้ลูกค้า" : ""}
      </p>
      <fetcher.Form method="post" action={action} preventScrollReset className="mt-4">
        <PostKey />
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={order.id} />
        <input type="hidden" name="status" value="canceled" />
        <CancelReasonFields reasons={ADMIN_CANCEL_REASONS} error={error} hint="บันทึกในประวัติการใช้งานของผู้ดูแลระบบด้วย" />
        <div className="mt-4 flex flex-col-reverse gap-3 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
          <Link to={closeTo} preventScrollReset className={buttonSecondary}>
            กลับ ไม่ยกเลิก
          </Link>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-lac px-4 py-2.5 font-semibold text-white hover:bg-[#8a2a24] disabled:opacity-50"
          >
            {busy ? "กำลังอัปเดต..." : "ยืนยันยกเลิกคำสั่งซื้อ"}
          </button>
        </div>
      </fetcher.Form>
    </AddressDialog>
  );
}
