import { Link } from "react-router";
import { site } from "~/content/site";
import { MEASUREMENT_INFO, type MeasurementName, rangeText } from "~/domain/measurements/measurements";
import { keepForVisitors } from "~/http/visitor-pages.server";
import type { Route } from "./+types/measuring-guide";

export const meta: Route.MetaFunction = () => [
  { title: `วิธีวัดตัวสำหรับสั่งตัดเสื้อ | ${site.enterpriseName}` },
  { name: "description", content: "วิธีวัดรอบอก รอบเอว รอบสะโพก ไหล่ แขนเสื้อ ความยาวเสื้อ และรอบคอ ด้วยสายวัด" },
];

/** How to take each measurement, in Thai, with one drawing (public; the page is its own HTML, no script). */
const STEPS: { name: MeasurementName; how: string }[] = [
  { name: "chest", how: "พันสายวัดรอบส่วนที่กว้างที่สุดของหน้าอก ผ่านใต้รักแร้ ให้สายวัดขนานกับพื้น หายใจตามปกติ" },
  { name: "waist", how: "พันรอบเอวตรงส่วนที่คอดที่สุด มักอยู่เหนือสะดือเล็กน้อย อย่าดึงสายวัดจนแน่น" },
  { name: "hips", how: "พันรอบส่วนที่กว้างที่สุดของสะโพก ยืนเท้าชิดกัน" },
  { name: "shoulder", how: "วัดจากปลายไหล่ข้างหนึ่ง ผ่านหลังคอ ไปถึงปลายไหล่อีกข้าง" },
  { name: "sleeve", how: "วัดจากปลายไหล่ลงไปตามแขนถึงตำแหน่งที่ต้องการให้แขนเสื้อจบ (ข้อมือสำหรับแขนยาว)" },
  { name: "shirtLength", how: "วัดจากจุดสูงสุดของไหล่ข้างคอ ลงมาตรง ๆ ถึงตำแหน่งที่ต้องการให้ชายเสื้อจบ" },
  { name: "neck", how: "พันรอบโคนคอ สอดนิ้วหนึ่งนิ้วไว้ใต้สายวัดเพื่อให้คอเสื้อไม่รัด" },
];

/** The measuring guide, the same for every visitor, kept (app/http/visitor-pages.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [keepForVisitors([])];

export default function MeasuringGuide() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold text-indigo-ink">วิธีวัดตัวสำหรับสั่งตัดเสื้อ</h1>
      <p className="mt-2 text-stone-700">
        ใช้สายวัดแบบผ้า ใส่เสื้อบาง ๆ และให้คนอื่นช่วยวัดจะแม่นยำที่สุด กรอกเป็นนิ้วหรือเซนติเมตรก็ได้ที่{" "}
        <Link to="/profile/measurements" className="inline-block py-1 font-semibold text-indigo-ink underline">
          สัดส่วนของฉัน
        </Link>
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-[16rem_1fr]">
        <MeasuringFigure />
        <ol className="space-y-4">
          {STEPS.map((step, index) => (
            <li key={step.name} className="flex gap-3">
              <span
                aria-hidden="true"
                className="grid size-8 shrink-0 place-items-center rounded-full bg-indigo-ink font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h2 className="font-semibold text-indigo-ink">{MEASUREMENT_INFO[step.name].label}</h2>
                <p className="text-stone-700">{step.how}</p>
                <p className="text-sm text-stone-500">โดยทั่วไป {rangeText(step.name)}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** An original line drawing of a shirt on a figure, the seven measurements numbered as in the list. */
function MeasuringFigure() {
  const mark = (x: number, y: number, n: number) => (
    <g key={n}>
      <circle cx={x} cy={y} r="9" fill="#1f2a5c" />
      <text x={x} y={y + 4} textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">
        {n}
      </text>
    </g>
  );
  return (
    <svg
      viewBox="0 0 240 320"
      role="img"
      aria-label="ภาพเสื้อบนหุ่น แสดงตำแหน่งวัดทั้งเจ็ดจุดตามหมายเลข"
      className="mx-auto w-full max-w-64 rounded-2xl bg-white ring-1 ring-stone-200"
    >
      {/* head and neck */}
      <circle cx="120" cy="36" r="20" fill="#f3e7d3" stroke="#6b5b45" strokeWidth="2" />
      <rect x="111" y="54" width="18" height="14" fill="#f3e7d3" stroke="#6b5b45" strokeWidth="2" />
      {/* the shirt */}
      <path
        d="M84 70 L111 64 Q120 74 129 64 L156 70 L196 96 L208 196 L186 200 L176 120 L172 290 L68 290 L64 120 L54 200 L32 196 L44 96 Z"
        fill="#e9eefb"
        stroke="#1f2a5c"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <line x1="120" y1="74" x2="120" y2="290" stroke="#1f2a5c" strokeWidth="1.5" strokeDasharray="2 4" />
      {/* the measuring lines, in the shop's gold */}
      <g stroke="#b7791f" strokeWidth="3" strokeLinecap="round" fill="none">
        <path d="M66 128 Q120 140 174 128" />
        <path d="M68 184 Q120 194 172 184" />
        <path d="M68 258 Q120 268 172 258" />
        <path d="M84 76 Q120 86 156 76" />
        <path d="M160 76 L202 196" />
        <path d="M112 70 L112 288" strokeDasharray="6 4" />
        <path d="M108 64 Q120 74 132 64" />
      </g>
      {mark(34, 128, 1)}
      {mark(36, 184, 2)}
      {mark(50, 258, 3)}
      {mark(120, 96, 4)}
      {mark(214, 150, 5)}
      {mark(96, 232, 6)}
      {mark(148, 52, 7)}
    </svg>
  );
}
