import { isRouteErrorResponse } from "react-router";

/**
 * The shop's error page, drawn inside the layout (header, footer) by the root's ErrorBoundary: a
 * Thai title and reason for the status, and a way back. It serves every page the shop cannot show
 * (404, 403, a 413 the HTTP edge gave: app/http/refusal-page.ts, 429, 503, a fault), with
 * JavaScript (a client navigation or a form's answer) and without.
 */

const TITLES: Record<number, { title: string; detail: string }> = {
  403: { title: "ไม่มีสิทธิ์เข้าถึง", detail: "บัญชีของคุณไม่มีสิทธิ์ดูหน้านี้" },
  404: { title: "ไม่พบหน้าที่ต้องการ", detail: "หน้านี้อาจถูกย้ายหรือไม่มีอยู่ กลับไปที่หน้าแรกแล้วลองใหม่" },
  413: { title: "ส่งข้อมูลไม่สำเร็จ", detail: "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป" },
  429: { title: "ส่งคำขอบ่อยเกินไป", detail: "กรุณารอสักครู่แล้วลองใหม่อีกครั้ง" },
  503: { title: "ระบบมีผู้ใช้งานจำนวนมาก", detail: "ขณะนี้มีผู้ใช้งานจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่" },
};

const FAULT = { title: "เกิดข้อผิดพลาด", detail: "ขออภัย ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง" };

/** What an error says: its status's title, the server's Thai reason (a string, or `{ message, back }`). */
export function describeError(error: unknown): { status: number; title: string; detail: string; back: string | null } {
  if (!isRouteErrorResponse(error)) return { status: 500, ...FAULT, back: null };
  const known = TITLES[error.status] ?? FAULT;
  const data: unknown = error.data;
  let detail = known.detail;
  let back: string | null = null;
  if (typeof data === "string" && /[\u0E00-\u0E7F]/.test(data) && error.status !== 404 && error.status !== 403)
    detail = data;
  if (typeof data === "object" && data !== null) {
    const { message, back: to } = data as { message?: unknown; back?: unknown };
    if (typeof message === "string" && message) detail = message;
    if (typeof to === "string" && to.startsWith("/") && !to.startsWith("//")) back = to;
  }
  return { status: error.status, title: known.title, detail, back };
}

export function ErrorPage({ error, devDetail }: { error: unknown; devDetail?: string }) {
  const { status, title, detail, back } = describeError(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-status={status}>
      <h1 className="text-2xl font-semibold text-indigo-ink">{title}</h1>
      <p className="mt-3 text-stone-600">{devDetail ?? detail}</p>
      {status === 413 ? (
        <p className="mt-1 text-sm text-stone-500">กลับไปหน้าก่อนหน้าแล้วลองใหม่ด้วยไฟล์หรือข้อความที่เล็กลง</p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {back ? (
          <a
            href={back}
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-ink px-5 py-2.5 font-semibold text-white hover:bg-indigo-deep"
          >
            กลับไปหน้าก่อนหน้า
          </a>
        ) : null}
        <a
          href="/"
          className={
            back
              ? "inline-flex min-h-11 items-center rounded-lg px-5 py-2.5 font-semibold text-indigo-ink ring-1 ring-stone-300"
              : "inline-flex min-h-11 items-center rounded-lg bg-indigo-ink px-5 py-2.5 font-semibold text-white hover:bg-indigo-deep"
          }
        >
          กลับหน้าแรก
        </a>
      </div>
    </section>
  );
}
