import type { ReactNode } from "react";
import { lazyPart } from "~/components/lazy-part";
import type { OrderMeasurements } from "~/domain/measurements/order-measurements";
import { ACTOR_WORDS } from "~/domain/orders/event-titles";
import { ORDER_SIZE_WORDS } from "~/domain/orders/order-size-words";
import type { OrderStatusName } from "~/domain/orders/state-machine";
import { formatCount, formatThaiDateTime, formatThaiLongDate } from "~/lib/format";
import { priceRows } from "./price-rows";
import { StatusBadge } from "./status-badge";

/**
 * An order cut to measure shows its measurements; most orders are a ready size, so their words and
 * fields load only with such an order (docs/decisions.md, 127).
 */
const OrderMeasurementsSection = lazyPart(() =>
  import("~/components/measurements").then((module) => module.OrderMeasurementsSection),
);

export interface OrderDetailData {
  id: number;
  name: string;
  image: string;
  quantity: number;
  unitPrice: number | null;
  totalPrice: number | null;
  /** Issue 45: the shipping fee, the items' price and the total with shipping (views.server.ts). */
  shippingFee?: number | null;
  itemsPrice?: number | null;
  totalWithShipping?: number | null;
  status: OrderStatusName;
  deliveryAddress: string | null;
  orderedAt: Date | string | null;
  createdAt: Date | string;
  buyerUser: { name: string; phone: string | null; address: string | null };
  sellerUser: { name: string; phone: string | null; shopName: string | null } | null;
  parts: { category: string; categoryLabel: string; sid: string; label: string; image: string | null }[];
  size: { sid: string; name: string } | null;
  customSize: boolean;
  measurements: OrderMeasurements | null;
  events: {
    id: number;
    title: string;
    note: string | null;
    actorName: string | null;
    actorRole: keyof typeof ACTOR_WORDS | null;
    createdAt: Date | string;
  }[];
}

/**
 * An order's detail (user and merchant pages): preview, people, the payment and delivery
 * (`panels`), parts, timeline, and a bottom bar with the status and `actions`. `lead` is the step
 * the viewer is to take now (the buyer's payment while it is due): first under the title on a
 * phone, at the top of the right column on a wide screen, first in reading order on both.
 */
export function OrderDetailView({
  order,
  actions,
  panels,
  lead,
}: {
  order: OrderDetailData;
  actions?: ReactNode;
  panels?: ReactNode;
  lead?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-5xl px-4 pt-8">
      <h1 className="text-2xl font-semibold text-indigo-ink">
        {order.name}{" "}
        <span className="text-base font-normal text-stone-500">
          {/* Not yet ordered: a cart line, not an order. */}
          {order.status === "cart" ? "รายการในตะกร้า" : "คำสั่งซื้อ"} #{order.id}
        </span>
      </h1>
      {/* With a lead: phone order lead, picture, panels; wide, the picture's column spans both rows
          and the lead sits above the panels (the second row takes the slack, so no gap opens). */}
      <div className={`mt-6 grid gap-6 md:grid-cols-[20rem_1fr] ${lead ? "md:grid-rows-[auto_1fr]" : ""}`}>
        {lead ? <div className="min-w-0 md:col-start-2 md:row-start-1">{lead}</div> : null}
        <div className={lead ? "md:col-start-1 md:row-span-2 md:row-start-1" : undefined}>
          {/* Low priority: what the order says (its status, price and next step) is in the page's
              words; the picture only recalls the design. At its default priority React preloads it
              ahead of the page's scripts, and over HTTP/1.1's six connections that pushed the last
              script into a third round of requests (Slow 3G: 8.9 s, not 7.5). */}
          <img
            src={order.image}
            alt={`ภาพตัวอย่าง${order.name}`}
            width={320}
            height={320}
            fetchPriority="low"
            decoding="async"
            className="aspect-square w-full rounded-2xl bg-cream object-contain shadow-sm ring-1 ring-stone-200"
          />
          <dl className="mt-4 space-y-3 rounded-2xl bg-white p-4 text-sm text-stone-700 shadow-sm ring-1 ring-stone-200">
            <Info
              label="ผู้สั่ง"
              value={`${order.buyerUser.name}${order.buyerUser.phone ? ` โทร ${order.buyerUser.phone}` : ""}`}
            />
            <Info
              label="ช่างตัด"
              value={
                order.sellerUser
                  ? `${order.sellerUser.shopName ?? order.sellerUser.name} (${order.sellerUser.name})${order.sellerUser.phone ? ` โทร ${order.sellerUser.phone}` : ""}`
                  : "ยังไม่ได้เลือกช่าง"
              }
            />
            <Info
              label="ขนาด"
              value={
                order.customSize
                  ? ORDER_SIZE_WORDS.customSize
                  : (order.size?.name ?? (order.status === "cart" ? "ยังไม่ได้เลือก" : ORDER_SIZE_WORDS.notGiven))
              }
            />
            <Info label="ที่อยู่จัดส่ง" value={order.deliveryAddress ?? order.buyerUser.address ?? "ไม่ระบุ"} />
            <Info label="วันที่สั่ง" value={order.orderedAt ? formatThaiLongDate(order.orderedAt) : "ยังไม่ได้สั่งตัด"} />
            {priceRows(order, order.orderedAt !== null).map((row) => (
              <Info key={row.label} label={row.label} value={row.value} />
            ))}
          </dl>
        </div>
        <div className={`min-w-0 space-y-6 ${lead ? "md:col-start-2 md:row-start-2" : ""}`}>
          {panels}
          <section aria-labelledby="parts-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
            <h2 id="parts-heading" className="text-lg font-semibold text-indigo-ink">
              ชิ้นส่วนลวดลาย
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {order.parts.map((part) => (
                <li key={part.category} className="flex items-center gap-2 rounded-xl bg-cream p-2">
                  {part.image ? (
                    <img
                      src={part.image}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 shrink-0 rounded-lg bg-white object-contain ring-1 ring-stone-200"
                    />
                  ) : (
                    <span aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-white ring-1 ring-stone-200" />
                  )}
                  <span className="min-w-0 text-sm">
                    <span className="block text-xs text-stone-500">{part.categoryLabel}</span>
                    <span className="block font-semibold text-stone-800">{part.label}</span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
          {order.measurements ? (
            <OrderMeasurementsSection
              measurements={order.measurements}
              note={
                order.status === "cart"
                  ? "สัดส่วนนี้จะถูกบันทึกไว้กับคำสั่งซื้อเมื่อสั่งตัด"
                  : "บันทึกไว้ตอนสั่งตัด การแก้ไขสัดส่วนในโปรไฟล์ภายหลังไม่เปลี่ยนคำสั่งซื้อนี้"
              }
            />
          ) : order.customSize ? (
            <p className="rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
              ขนาดตามสัดส่วน: ยังไม่ได้เลือกสัดส่วน
            </p>
          ) : null}
          <section
            aria-labelledby="timeline-heading"
            className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
          >
            <h2 id="timeline-heading" className="text-lg font-semibold text-indigo-ink">
              ความเคลื่อนไหวของคำสั่งซื้อ
            </h2>
            <ol className="mt-3 space-y-3 border-l-2 border-silk/50 pl-4" aria-label="ลำดับสถานะ">
              <li className="text-sm">
                <p className="font-semibold text-stone-800">เพิ่มลงตะกร้า</p>
                <p className="text-stone-500">{formatThaiDateTime(order.createdAt)}</p>
              </li>
              {order.events.map((event) => (
                <li key={event.id} className="text-sm">
                  <p className="font-semibold text-stone-800">{event.title}</p>
                  {event.note ? <p className="break-words text-stone-700">{event.note}</p> : null}
                  <p className="text-stone-500">
                    {formatThaiDateTime(event.createdAt)}
                    {event.actorRole === "system"
                      ? ` · โดย${ACTOR_WORDS.system}`
                      : event.actorName
                        ? ` · โดย${event.actorRole ? ACTOR_WORDS[event.actorRole] : ""} ${event.actorName}`
                        : ""}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      {/* Stays in view at the bottom of the screen while the order is on it. */}
      <div className="sticky bottom-0 z-20 -mx-4 mt-6 border-t border-stone-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:mb-6 sm:rounded-2xl sm:border sm:border-stone-200">
        <div className="flex flex-wrap items-center gap-3 px-4 py-3">
          <p className="text-stone-700">
            จำนวน <span className="font-semibold text-indigo-ink">{formatCount(order.quantity)}</span> ตัว
          </p>
          <StatusBadge status={order.status} />
          <div className="ml-auto flex flex-wrap gap-2">{actions}</div>
        </div>
      </div>
    </section>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="font-semibold text-stone-500">{label}</dt>
      <dd className="break-words text-stone-800">{value}</dd>
    </div>
  );
}
