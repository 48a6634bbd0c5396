import { getInputProps } from "@conform-to/react";
import { Link } from "react-router";
import { ErrorList, Field, Refusal } from "~/components/form-fields";
import { useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { findOption } from "~/domain/designer/selection";
import type { DesignModel } from "~/domain/designs/designs.server";
import { formatBaht, formatThaiDate } from "~/lib/format";
import type { CardRefusal } from "./merchant-actions.server";

const loadPriceSchema = () => import("~/domain/designs/price-form").then((module) => module.designPriceSchema());
const loadSampleSchema = () => import("~/domain/designs/price-form").then((module) => module.designSampleSchema());

const STATUS = {
  approved: { label: "แสดงในหน้าร้าน", className: "bg-green-50 text-green-800 ring-green-200" },
  unpriced: { label: "ยังไม่แสดงในหน้าร้าน", className: "bg-amber-50 text-amber-800 ring-amber-200" },
  pending: { label: "รอผู้ดูแลอนุมัติ", className: "bg-amber-50 text-amber-800 ring-amber-200" },
  rejected: { label: "ไม่ผ่านการอนุมัติ", className: "bg-red-50 text-red-700 ring-red-200" },
} as const;

/** 0 is the default price of a design saved without one: not yet priced, never offered for sale. */
const isPriced = (price: number | null) => price !== null && price > 0;

/** A tailor's designs (spec: /merchant/popular_design): price, open in the designer, upload a sample. Five a row on wide screens. */
export function DesignCards({ designs, refusal }: { designs: DesignModel[]; refusal?: CardRefusal }) {
  // A refusal for no card on this page (a photo far too large to read, a design gone): above the cards.
  const unplaced =
    refusal && !designs.some((design) => design.id === refusal.designId) ? refusal.result.error?.[""]?.[0] : undefined;
  return (
    <section aria-labelledby="my-designs" className="mx-auto max-w-7xl px-4 pb-16">
      <h2 id="my-designs" className="text-xl font-semibold text-indigo-ink">
        แบบเสื้อของร้าน <span className="text-base font-normal text-stone-500">({designs.length} แบบ)</span>
      </h2>
      {unplaced ? (
        <div className="mt-3">
          <Refusal reason={unplaced} testId="card-refusal" />
        </div>
      ) : null}
      {designs.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200">
          ยังไม่มีแบบเสื้อ ออกแบบด้านบนแล้วกด “บันทึกการออกแบบ”
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-5">
          {designs.map((design) => (
            <DesignCard
              key={design.id}
              design={design}
              refusal={refusal?.designId === design.id ? refusal : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function DesignCard({ design, refusal }: { design: DesignModel; refusal?: CardRefusal }) {
  const priced = isPriced(design.price);
  const { fields, formProps, focusFirst } = useShopForm({
    id: `design-price-${design.id}`,
    schema: loadPriceSchema,
    lastResult: refusal?.form === "price" ? refusal.result : undefined,
    defaultValue: { price: priced ? String(design.price) : "" },
  });
  const priceErrors = [
    ...(fields.price.errors ?? []),
    ...(refusal?.form === "price" ? (refusal.result.error?.[""] ?? []) : []),
  ];
  const upload = useShopForm({
    id: `design-sample-${design.id}`,
    schema: loadSampleSchema,
    lastResult: refusal?.form === "upload" ? refusal.result : undefined,
  });
  const { key: photoKey, ...photoProps } = getInputProps(upload.fields.photo, { type: "file" });
  const uploadErrors = [...(upload.fields.photo.errors ?? []), ...(upload.form.errors ?? [])];
  const uploadError = uploadErrors.length ? uploadErrors : undefined;
  const status = STATUS[design.status === "approved" && !priced ? "unpriced" : design.status];
  const name = findOption(design.baseId)?.labelTh ?? "แบบเสื้อ";
  return (
    <li
      id={`design-${design.id}`}
      className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
      data-testid="design-card"
    >
      <img
        src={design.image}
        alt={`แบบเสื้อ #${design.id} ${name}`}
        width={300}
        height={300}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full bg-cream object-contain"
      />
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div>
          <h3 className="font-semibold text-indigo-ink">
            #{design.id} {name}
          </h3>
          <p className="text-sm text-stone-500">
            {design.type === "upload" ? "รูปตัวอย่างที่อัปโหลด" : "ออกแบบในระบบ"} · {formatThaiDate(design.createdAt)}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <span className={`rounded-full px-2 py-0.5 ring-1 ${status.className}`}>{status.label}</span>
            <span className={priced ? "text-stone-600" : "font-semibold text-lac"}>
              {priced ? formatBaht(design.price!) : "ยังไม่กำหนดราคา"}
            </span>
          </p>
          {!priced ? (
            <p className="mt-1 text-sm text-stone-600">ลูกค้าจะเห็นและสั่งแบบนี้ได้เมื่อกำหนดราคาแล้ว</p>
          ) : design.status === "pending" ? (
            <p className="mt-1 text-sm text-stone-600">จะแสดงในหน้าร้านเมื่อผู้ดูแลระบบอนุมัติ</p>
          ) : null}
          {design.status === "rejected" ? (
            <p className="mt-1 rounded-lg bg-red-50 p-2 text-sm text-red-800" data-testid="reject-reason">
              <span className="font-semibold">เหตุผลที่ไม่อนุมัติ:</span> {design.rejectReason ?? "ผู้ดูแลระบบไม่ได้ระบุเหตุผล"}
              <span className="mt-1 block text-stone-600">แก้ไขแล้วอัปโหลดรูปตัวอย่างใหม่ เพื่อส่งให้ผู้ดูแลตรวจอีกครั้ง</span>
            </p>
          ) : null}
        </div>
        <Form method="post" {...formProps} className="flex items-start gap-2">
          <input type="hidden" name="intent" value="price" />
          <input type="hidden" name="designId" value={design.id} />
          <Field
            className="flex-1"
            label="ราคา (บาท)"
            inputProps={{
              ...getInputProps(fields.price, { type: "text" }),
              inputMode: "decimal",
              autoComplete: "off",
              autoFocus: focusFirst("price") ?? focusFirst(""),
              "aria-label": `ราคาแบบเสื้อ #${design.id}`,
            }}
            errors={priceErrors.length ? priceErrors : undefined}
          />
          <button
            type="submit"
            className="mt-6 min-h-11 rounded-lg bg-indigo-ink px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-deep"
          >
            บันทึกราคา
          </button>
        </Form>
        <Link
          to={`/merchant/popular_design/${design.id}`}
          className="inline-flex min-h-11 items-center justify-center rounded-lg px-3 py-2 text-center text-sm font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
        >
          แก้ไขในหน้าออกแบบ
        </Link>
        <Form
          method="post"
          encType="multipart/form-data"
          {...upload.formProps}
          className="space-y-2 border-t border-stone-100 pt-3"
        >
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="designId" value={design.id} />
          {/* Said before the upload: a new photo goes to the admin, and the design waits off the shop page. */}
          <p
            id={`upload-note-${design.id}`}
            className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            {design.status === "approved" && priced
              ? "รูปใหม่ต้องให้ผู้ดูแลระบบอนุมัติก่อน ระหว่างรอ แบบนี้จะไม่แสดงในหน้าร้าน"
              : "รูปใหม่ต้องให้ผู้ดูแลระบบอนุมัติก่อนแสดงในหน้าร้าน"}
          </p>
          <label className="block text-sm text-stone-600">
            รูปตัวอย่าง (JPEG, PNG, WebP ไม่เกิน 5 MB)
            <input
              key={photoKey}
              {...photoProps}
              required
              accept="image/jpeg,image/png,image/webp"
              aria-label={`รูปตัวอย่างของแบบเสื้อ #${design.id}`}
              aria-describedby={`upload-note-${design.id}${uploadError ? ` upload-error-${design.id}` : ""}`}
              aria-invalid={uploadError ? true : undefined}
              // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused photo, to bring its reason into view
              autoFocus={uploadError ? true : undefined}
              className="mt-1 block w-full text-sm file:mr-2 file:rounded-lg file:border-0 file:bg-silk-soft file:px-2 file:py-1.5 file:text-indigo-ink"
            />
          </label>
          <ErrorList id={`upload-error-${design.id}`} errors={uploadError} />
          <button
            type="submit"
            className="min-h-11 w-full rounded-lg bg-silk px-3 py-2 text-sm font-semibold text-indigo-deep hover:bg-[#d9a63c]"
          >
            อัปโหลดรูปตัวอย่าง
          </button>
        </Form>
      </div>
    </li>
  );
}
