import type { CarrierName, DeliveryMethodName } from "~/domain/delivery/carriers";
import { type ReceivedBy, receiptText } from "~/domain/delivery/receipt";
import { formatThaiDateTime } from "~/lib/format";

/** The delivery as pages get it. */
export interface DeliveryData {
  method: DeliveryMethodName;
  carrier: CarrierName | null;
  trackingNumber: string | null;
  carrierLabel: string | null;
  trackingUrl: string | null;
  text: string;
  updatedAt: Date | string;
  /** Receipt (issue 46): when, and by whom; null until then. */
  receivedAt?: Date | string | null;
  receivedBy?: ReceivedBy | null;
}

export function DeliveryFacts({ delivery }: { delivery: DeliveryData }) {
  return (
    <div className="space-y-1">
      <p data-testid="delivery-text" className="font-semibold break-words text-stone-900">
        {delivery.text}
      </p>
      {delivery.trackingUrl ? (
        <a
          href={delivery.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-indigo-ink underline"
        >
          ติดตามพัสดุที่เว็บไซต์ {delivery.carrierLabel}
        </a>
      ) : null}
      <p className="text-xs text-stone-500">แจ้งเมื่อ {formatThaiDateTime(delivery.updatedAt)}</p>
      {delivery.receivedAt && delivery.receivedBy ? (
        <p data-testid="receipt-text" className="font-semibold text-emerald-800">
          {receiptText(delivery.receivedBy)} ({formatThaiDateTime(delivery.receivedAt)})
        </p>
      ) : null}
    </div>
  );
}

/** The delivery panel around each side's content. */
export function DeliveryFrame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="delivery-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
      <h2 id="delivery-heading" className="text-lg font-semibold text-indigo-ink">
        การจัดส่ง
      </h2>
      <div className="mt-2 space-y-3 text-sm text-stone-700">{children}</div>
    </section>
  );
}

/** How the shirt comes, for the buyer and the admin (nothing until the tailor has said). */
export function DeliveryInfoPanel({ delivery }: { delivery: DeliveryData }) {
  return (
    <DeliveryFrame>
      <DeliveryFacts delivery={delivery} />
    </DeliveryFrame>
  );
}
