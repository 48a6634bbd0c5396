import type { ReactNode } from "react";
import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { site } from "~/content/site";
import { type AdminRole, ROLE_LABELS } from "~/domain/admin/user-labels";
import { AUDIT_ACTION_LABELS, type AuditChanges, isAuditAction } from "~/domain/audit/actions";
import { describeEntryChanges } from "~/domain/audit/value-labels";
import { statusLabel } from "~/domain/orders/state-machine";
import { personalDataPageOf } from "~/domain/users/personal-data.server";
import { privacyVersionDay } from "~/domain/users/privacy";
import { orPageError } from "~/http/responses.server";
import { formatBaht, formatThaiDate, formatThaiDateTime, formatThaiLongDate } from "~/lib/format";
import type { Route } from "./+types/my-data";

export const meta: Route.MetaFunction = () => [{ title: `ข้อมูลของฉัน | ${site.enterpriseName}` }];

/**
 * /profile/data: what the shop holds about the signed-in person, readable (PDPA; decision 52): the
 * account, and of each list its count and newest rows; the download (/profile/data/export) has all.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireUser(context);
  return { data: await orPageError(() => personalDataPageOf(user.id)) };
}

const show = (value: unknown) => (value === null || value === undefined || value === "" ? "ไม่ระบุ" : String(value));

/** Who made an entry about the person, as their own page says it (no one else's name). */
const AUDIT_ACTOR_WORDS = { self: "คุณเอง", admin: "ผู้ดูแลระบบ", shop: "ระบบของร้าน" } as const;

export default function MyData({ loaderData }: Route.ComponentProps) {
  const { data } = loaderData;
  const { account, orders, sales, designs, sessions, auditEntries, records } = data;
  return (
    <section className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-semibold text-indigo-ink">ข้อมูลของฉัน</h1>
        <p className="mt-1 text-stone-600">
          ทุกอย่างที่ร้านเก็บเกี่ยวกับคุณ ตาม
          <Link to="/privacy" className="text-indigo-ink underline">
            นโยบายความเป็นส่วนตัว
          </Link>
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href="/profile/data/export"
            download
            className="inline-flex min-h-11 items-center rounded-lg bg-indigo-ink px-4 py-2 font-semibold text-white hover:bg-indigo-deep"
          >
            ดาวน์โหลดเป็นไฟล์ JSON
          </a>
          <Link
            to="/profile/delete"
            className="inline-flex min-h-11 items-center rounded-lg px-4 py-2 font-semibold text-lac ring-1 ring-lac/40 hover:bg-red-50"
          >
            ขอลบบัญชี
          </Link>
        </div>
      </div>

      <Block title="บัญชี">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
          {(
            [
              ["ชื่อ", account.name],
              ["อีเมล", account.email],
              ["เบอร์โทร", account.phone],
              ["วันเกิด", account.dob ? formatThaiLongDate(account.dob) : null],
              ["เพศ", account.gender === "MALE" ? "ชาย" : account.gender === "FEMALE" ? "หญิง" : null],
              ["ที่อยู่", account.address],
              ["LINE ID", account.lineId],
              ["เชื่อมต่อ LINE", account.lineLinked ? "เชื่อมต่อแล้ว" : "ไม่ได้เชื่อมต่อ"],
              ["ชื่อ Facebook", account.facebookName],
              ["ชื่อร้าน", account.shopName],
              ["พร้อมเพย์", account.promptpayId ? `${account.promptpayId} (${account.promptpayName ?? ""})` : null],
              ["บทบาท", account.roles.map((role) => ROLE_LABELS[role as AdminRole] ?? role).join(", ")],
              ["สมัครเมื่อ", formatThaiDateTime(account.createdAt)],
              [
                "ยอมรับนโยบายความเป็นส่วนตัว",
                account.privacyNoticeVersion
                  ? `ฉบับวันที่ ${formatThaiLongDate(privacyVersionDay(account.privacyNoticeVersion))} เมื่อ ${formatThaiDateTime(account.privacyNoticeAcceptedAt!)}`
                  : null,
              ],
            ] as [string, unknown][]
          ).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-semibold text-stone-500">{label}</dt>
              <dd className="break-words">{show(value)}</dd>
            </div>
          ))}
        </dl>
      </Block>

      <Block title={`คำสั่งซื้อและตะกร้า (${orders.count})`} shown={orders.rows.length} count={orders.count}>
        <List
          empty="ไม่มี"
          items={orders.rows.map((order) => (
            <>
              #{order.id} {order.name} × {order.quantity} · {statusLabel(order.status)}
              {order.totalPrice !== null ? ` · ${formatBaht(order.totalPrice)}` : ""}
              {order.sellerId !== null ? ` · ช่าง ${order.seller?.shopName || `#${order.sellerId}`}` : ""}
              {order.deliveryAddress ? ` · ส่งที่ ${order.deliveryAddress}` : ""}
            </>
          ))}
        />
      </Block>

      {sales.count ? (
        <Block title={`งานที่รับตัด (${sales.count})`} shown={sales.rows.length} count={sales.count}>
          <List
            empty="ไม่มี"
            items={sales.rows.map((order) => (
              <>
                #{order.id} {order.name} × {order.quantity} · {statusLabel(order.status)} · ลูกค้า #{order.buyerId}
              </>
            ))}
          />
        </Block>
      ) : null}

      <Block title={`แบบเสื้อ (${designs.count})`} shown={designs.rows.length} count={designs.count}>
        <List
          empty="ไม่มี"
          items={designs.rows.map((design) => (
            <>
              #{design.id} · {design.type === "upload" ? "รูปตัวอย่าง" : "ออกแบบในระบบ"} ·{" "}
              {formatThaiDate(design.createdAt)}
            </>
          ))}
        />
      </Block>

      {/* Measurements, slips, reviews…, each where there are any (the privacy notice names them all). */}
      {records
        .filter((kind) => kind.count > 0)
        .map((kind) => (
          <Block key={kind.key} title={`${kind.title} (${kind.count})`} shown={kind.rows.length} count={kind.count}>
            <div data-testid={`my-data-${kind.key}`}>
              {kind.note ? <p className="mb-2 text-sm text-stone-600">{kind.note}</p> : null}
              <List
                empty="ไม่มี"
                items={kind.rows.map((row) => (
                  <>
                    {row.href ? (
                      <a href={row.href} className="text-indigo-ink underline">
                        {row.text}
                      </a>
                    ) : (
                      row.text
                    )}{" "}
                    · {formatThaiDateTime(row.at)}
                  </>
                ))}
              />
            </div>
          </Block>
        ))}

      <Block title={`การเข้าสู่ระบบที่ยังใช้อยู่ (${sessions.count})`} shown={sessions.rows.length} count={sessions.count}>
        <List
          empty="ไม่มี"
          items={sessions.rows.map((session) => (
            <>
              เริ่ม {formatThaiDateTime(session.createdAt)} · หมดอายุ {formatThaiDateTime(session.expiresAt)}
            </>
          ))}
        />
      </Block>

      <Block
        title={`บันทึกของผู้ดูแลที่เกี่ยวกับคุณ (${auditEntries.count})`}
        shown={auditEntries.rows.length}
        count={auditEntries.count}
      >
        <List
          empty="ไม่มี"
          items={auditEntries.rows.map((entry) => (
            <>
              {formatThaiDateTime(entry.at)} ·{" "}
              {isAuditAction(entry.action) ? AUDIT_ACTION_LABELS[entry.action] : entry.action} โดย{" "}
              {AUDIT_ACTOR_WORDS[entry.by]}
              {describeEntryChanges(entry.action.split(".")[0]!, entry.changes as AuditChanges)
                ? ` · ${describeEntryChanges(entry.action.split(".")[0]!, entry.changes as AuditChanges)}`
                : ""}
            </>
          ))}
        />
      </Block>
    </section>
  );
}

/** A part of the record; a list longer than the page shows says so and where the rest is. */
function Block({
  title,
  shown,
  count,
  children,
}: {
  title: string;
  shown?: number;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200">
      <h2 className="mb-3 text-lg font-semibold text-indigo-ink">{title}</h2>
      {children}
      {count !== undefined && shown !== undefined && count > shown ? (
        <p className="mt-3 text-sm text-stone-600" data-testid="more-in-download">
          แสดง {shown.toLocaleString("th-TH")} รายการล่าสุดจาก {count.toLocaleString("th-TH")} รายการ
          ทั้งหมดอยู่ในไฟล์ที่ดาวน์โหลด
        </p>
      ) : null}
    </section>
  );
}

function List({ items, empty }: { items: ReactNode[]; empty: string }) {
  if (items.length === 0) return <p className="text-stone-500">{empty}</p>;
  return (
    <ul className="space-y-1 text-sm text-stone-700">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list drawn once
        <li key={index} className="break-words">
          {item}
        </li>
      ))}
    </ul>
  );
}
