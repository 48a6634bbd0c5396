import { useNavigation } from "react-router";
import { Form } from "~/components/post-form";
import { RatingSummary } from "~/components/reviews";
import { categoryInfo } from "~/domain/catalogue/categories";
import type { Quote } from "~/domain/pricing/quote";
import { withShipping } from "~/domain/pricing/shipping";
import { formatBaht, formatCount } from "~/lib/format";

export interface TailorCardData {
  id: number;
  name: string;
  shopName: string | null;
  shopDetail: string | null;
  phone: string | null;
  email: string;
  address: string | null;
  lineId: string | null;
  samples: { id: number; image: string; price: number | null }[];
  quote: Quote;
  unavailableReason: string | null;
  rating: { average: number; count: number };
  shippingFee: number;
  leadTimeDays: number;
  promptPay: boolean;
}

/** A tailor on the choose-a-tailor page: shop, contact, samples, their quote and the choose button. */
export function TailorCard({
  tailor,
  productId,
  current,
  eager,
}: {
  tailor: TailorCardData;
  productId: number;
  current: boolean;
  eager: boolean;
}) {
  const navigation = useNavigation();
  const choosing = navigation.state !== "idle" && navigation.formData?.get("merchantId") === String(tailor.id);
  const title = tailor.shopName ?? tailor.name;
  const headingId = `tailor-${tailor.id}`;
  const quote = tailor.quote;
  return (
    // A tailor who cannot make this design is set apart by a grey card, not by fading it: faded, the
    // red reason and the grey contact lines fell below WCAG's contrast ratio (axe found it).
    <li
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl p-4 shadow-sm ring-1 ${quote.available ? "bg-white ring-stone-200" : "bg-stone-50 ring-stone-300"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-indigo-ink">
            {title}
          </h2>
          <p className="text-sm text-stone-600">
            {tailor.name}
            {tailor.phone ? (
              <>
                {" · "}
                <a href={`tel:${tailor.phone}`} className="underline">
                  {tailor.phone}
                </a>
              </>
            ) : null}
          </p>
          <RatingSummary rating={tailor.rating} merchantId={tailor.id} />
        </div>
        {current ? (
          <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
            ช่างที่เลือกอยู่
          </span>
        ) : null}
      </div>

      {tailor.samples.length > 0 ? (
        <ul className="mt-3 flex gap-2" aria-label={`แบบเสื้อตัวอย่างของ${title}`}>
          {tailor.samples.map((sample) => (
            <li key={sample.id}>
              <img
                src={sample.image}
                alt={`แบบเสื้อตัวอย่าง #${sample.id}`}
                width={72}
                height={72}
                loading={eager ? "eager" : "lazy"}
                className="size-18 rounded-lg bg-cream object-contain ring-1 ring-stone-200"
              />
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-3 rounded-xl bg-cream p-3" data-testid="tailor-quote">
        {quote.available ? (
          // Price, shipping, total, lead time and PromptPay side by side (issue 45): the customer
          // compares tailors by what they pay in all and how long they wait.
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-stone-700">
            <dt>ราคาต่อตัว</dt> <dd className="text-right">{formatBaht(quote.unitPrice)}</dd>
            <dt>ค่าตัดเย็บ</dt> <dd className="text-right">{formatBaht(quote.totalPrice)}</dd>
            <dt>ค่าจัดส่ง</dt>{" "}
            <dd className="text-right">{tailor.shippingFee === 0 ? "ส่งฟรี" : formatBaht(tailor.shippingFee)}</dd>
            <dt className="font-semibold text-indigo-ink">ราคารวม</dt>{" "}
            <dd className="text-right text-lg font-semibold text-indigo-ink">
              {formatBaht(withShipping(quote.totalPrice, tailor.shippingFee).totalPrice)}
            </dd>
          </dl>
        ) : (
          <p className="text-sm text-lac">
            <span className="font-semibold">ไม่พร้อมรับตัดแบบนี้</span>
            <br />
            {tailor.unavailableReason}
          </p>
        )}
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 border-t border-stone-200 pt-2 text-sm text-stone-700">
          <li>ตัดเย็บเสร็จใน {formatCount(tailor.leadTimeDays)} วัน</li>
          <li>{tailor.promptPay ? "รับชำระผ่านพร้อมเพย์" : "ไม่รับพร้อมเพย์ (ชำระตามที่ตกลงกับช่าง)"}</li>
        </ul>
      </div>

      <details className="mt-3 text-sm text-stone-700">
        <summary className="cursor-pointer py-3 font-semibold text-indigo-ink">ดูรายละเอียดร้าน</summary>
        {tailor.shopDetail ? <p className="mt-2 text-stone-600">{tailor.shopDetail}</p> : null}
        <dl className="mt-2 space-y-1">
          {/* Only when the tailor chose to show it (decision 104): it is where their own parcels go. */}
          {tailor.address ? (
            <div>
              <dt className="inline font-semibold">ที่อยู่ร้าน: </dt>
              <dd className="inline">{tailor.address}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-semibold">อีเมล: </dt>
            <dd className="inline break-all">{tailor.email}</dd>
          </div>
          {tailor.lineId ? (
            <div>
              <dt className="inline font-semibold">LINE: </dt>
              <dd className="inline">{tailor.lineId}</dd>
            </div>
          ) : null}
        </dl>
        {quote.available ? (
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">ราคาแยกตามชิ้นส่วน</caption>
            <tbody>
              {quote.lines.map((line) => (
                <tr key={line.sid} className="border-t border-stone-100">
                  <th scope="row" className="py-1 font-normal">
                    {categoryInfo(line.category).labelTh}
                  </th>
                  <td className="py-1 text-right">{formatBaht(line.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </details>

      <Form method="post" className="mt-auto pt-4">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="merchantId" value={tailor.id} />
        <button
          type="submit"
          disabled={!quote.available || choosing}
          className="w-full rounded-xl bg-indigo-ink px-4 py-2.5 font-semibold text-white hover:bg-indigo-deep disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600"
        >
          {!quote.available ? "เลือกไม่ได้" : choosing ? "กำลังเลือก…" : "เลือกช่างรายนี้"}
          <span className="sr-only"> ({title})</span>
        </button>
      </Form>
    </li>
  );
}
