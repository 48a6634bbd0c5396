import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { isLineConfigured } from "~/domain/line/config.server";
import { getProfile } from "~/domain/users/accounts.server";
import { orPageError } from "~/http/responses.server";
import { formatThaiLongDate } from "~/lib/format";
import { LineLinkPanel } from "../line/ui/line-link";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: `ข้อมูลส่วนตัว | ${site.enterpriseName}` }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return {
    profile: await orPageError(() => getProfile(user.id)),
    lineConfigured: isLineConfigured(),
    isCustomer: user.roles.includes("user"),
  };
}

const genderLabel = { MALE: "ชาย", FEMALE: "หญิง" } as const;

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, lineConfigured, isCustomer } = loaderData;
  const rows: [string, string][] = [
    ["ชื่อ-นามสกุล", profile.name],
    ["อีเมล", profile.email],
    ["เพศ", profile.gender ? genderLabel[profile.gender] : "ไม่ระบุ"],
    ["วันเกิด", profile.dob ? formatThaiLongDate(profile.dob) : "ไม่ระบุ"],
    ["ที่อยู่", profile.address || "ไม่ระบุ"],
    ["เบอร์โทรศัพท์", profile.phone || "ไม่ระบุ"],
    ["LINE ID", profile.lineId || "ไม่ระบุ"],
    // Whether LINE is linked means something only once the shop has connected LINE.
    ...(lineConfigured
      ? [["การเชื่อมต่อ LINE", profile.lineUserId ? "เชื่อมต่อแล้ว" : "ยังไม่ได้เชื่อมต่อ"] as [string, string]]
      : []),
    ["ชื่อ Facebook", profile.facebookName || "ไม่ระบุ"],
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-indigo-ink">ข้อมูลส่วนตัว</h1>
        <Link
          to="/profile/edit"
          className="rounded-lg bg-indigo-ink px-4 py-2 font-semibold text-white hover:bg-indigo-deep"
        >
          แก้ไขข้อมูล
        </Link>
      </div>
      <dl className="mt-6 divide-y divide-stone-200 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-1 gap-1 px-5 py-3 sm:grid-cols-[12rem_1fr]">
            <dt className="text-sm font-semibold text-stone-500">{label}</dt>
            <dd className="break-words text-stone-800">{value}</dd>
          </div>
        ))}
      </dl>
      <LineLinkPanel configured={lineConfigured} linked={Boolean(profile.lineUserId)} />
      {isCustomer ? (
        <p className="mt-6 text-sm text-stone-600">
          สั่งตัดให้พอดีตัว: เก็บรอบอก รอบเอว และสัดส่วนอื่น ๆ ของคุณหรือคนในบ้านไว้ที่{" "}
          <Link
            to="/profile/measurements"
            className="inline-block py-1 font-semibold text-indigo-ink underline underline-offset-2"
          >
            สัดส่วนของฉัน
          </Link>
        </p>
      ) : null}
      <p className="mt-6 text-sm text-stone-600">
        ดูหรือดาวน์โหลดทุกอย่างที่ร้านเก็บเกี่ยวกับคุณ หรือขอลบบัญชี:{" "}
        <Link
          to="/profile/data"
          className="inline-block py-1 font-semibold text-indigo-ink underline underline-offset-2"
        >
          ข้อมูลของฉัน
        </Link>
      </p>
    </section>
  );
}
