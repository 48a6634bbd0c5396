import { Form, Link } from "react-router";
import { findOption } from "~/domain/designer/selection";
import type { DesignModel } from "~/domain/designs/designs.server";
import { formatBaht, formatThaiDate } from "~/lib/format";

const STATUS = {
  approved: { label: "แสดงในหน้าร้าน", className: "bg-green-50 text-green-800 ring-green-200" },
  pending: { label: "รอผู้ดูแลอนุมัติ", className: "bg-amber-50 text-amber-800 ring-amber-200" },
  rejected: { label: "ไม่ผ่านการอนุมัติ", className: "bg-red-50 text-red-700 ring-red-200" },
} as const;

/** A tailor's designs (spec: /merchant/popular_design): price, open in the designer, upload a sample. Five a row on wide screens. */
export function DesignCards({ designs }: { designs: DesignModel[] }) {
  return (
    <section aria-labelledby="my-designs" className="mx-auto max-w-7xl px-4 pb-16">
      <h2 id="my-designs" className="text-xl font-semibold text-indigo-ink">
        แบบเสื้อของร้าน <span className="text-base font-normal text-stone-500">({designs.length} แบบ)</span>
      </h2>
      {designs.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-6 text-center text-stone-600 ring-1 ring-stone-200">
          ยังไม่มีแบบเสื้อ ออกแบบด้านบนแล้วกด “บันทึกการออกแบบ”
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-5">
          {designs.map((design) => (
            <DesignCard key={design.id} design={design} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DesignCard({ design }: { design: DesignModel }) {
  const status = STATUS[design.status];
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
            <span className="text-stone-600">{design.price === null ? "ยังไม่ได้ตั้งราคา" : formatBaht(design.price)}</span>
          </p>
        </div>
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="price" />
          <input type="hidden" name="designId" value={design.id} />
          <label className="flex-1 text-sm text-stone-600">
            ราคา (บาท)
            <input
              name="price"
              type="number"
              min={0}
              step={0.01}
              inputMode="decimal"
              defaultValue={design.price ?? ""}
              aria-label={`ราคาแบบเสื้อ #${design.id}`}
              className="mt-1 block w-full rounded-lg border-0 px-2 py-1.5 ring-1 ring-stone-300 focus:ring-2 focus:ring-silk"
            />
          </label>
          <button
            type="submit"
            className="rounded-lg bg-indigo-ink px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-deep"
          >
            บันทึกราคา
          </button>
        </Form>
        <Link
          to={`/merchant/popular_design/${design.id}`}
          className="rounded-lg px-3 py-2 text-center text-sm font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
        >
          แก้ไขในหน้าออกแบบ
        </Link>
        <Form method="post" encType="multipart/form-data" className="space-y-2 border-t border-stone-100 pt-3">
          <input type="hidden" name="intent" value="upload" />
          <input type="hidden" name="designId" value={design.id} />
          <label className="block text-sm text-stone-600">
            รูปตัวอย่าง (JPEG, PNG, WebP ไม่เกิน 5 MB)
            <input
              name="photo"
              type="file"
              required
              accept="image/jpeg,image/png,image/webp"
              aria-label={`รูปตัวอย่างของแบบเสื้อ #${design.id}`}
              className="mt-1 block w-full text-sm file:mr-2 file:rounded-lg file:border-0 file:bg-silk-soft file:px-2 file:py-1.5 file:text-indigo-ink"
            />
          </label>
          <button
            type="submit"
            className="w-full rounded-lg bg-silk px-3 py-2 text-sm font-semibold text-indigo-deep hover:bg-[#d9a63c]"
          >
            อัปโหลดรูปตัวอย่าง
          </button>
        </Form>
      </div>
    </li>
  );
}
