import { Link } from "react-router";
import type { MerchantSort, MerchantStat, StatsSort, UserSort, UserStat } from "~/domain/admin/statistics.server";
import { STATS_ROW_LIMIT } from "~/domain/admin/statistics-sorts";
import type { AdminRole, AdminUserStatus } from "~/domain/admin/user-labels";
import { formatBaht, formatCount } from "~/lib/format";
import { card, cellsTable, RoleBadge, tableHead, UserStatusBadge } from "./bits";

/**
 * The dashboard's customer and tailor tables. Headers are links (?usort=&udir=, ?msort=&mdir=):
 * the first click sorts descending, the same header again toggles.
 */

const COUNT_COLUMNS = [
  { key: "orderedCount", label: "รอช่างรับงาน" },
  { key: "acceptedCount", label: "กำลังตัดเย็บ" },
  { key: "completedCount", label: "เสร็จแล้ว" },
  { key: "canceledCount", label: "ยกเลิก" },
] as const;

function sortHref(search: string, prefix: "u" | "m", current: StatsSort<string>, key: string): string {
  const params = new URLSearchParams(search);
  params.set(`${prefix}sort`, key);
  params.set(`${prefix}dir`, current.key === key && current.dir === "desc" ? "asc" : "desc");
  return `?${params.toString()}`;
}

function Header({
  label,
  sortKey,
  search,
  prefix,
  current,
  numeric = true,
}: {
  label: string;
  sortKey: string;
  search: string;
  prefix: "u" | "m";
  current: StatsSort<string>;
  numeric?: boolean;
}) {
  const active = current.key === sortKey;
  return (
    <th
      scope="col"
      className={numeric ? "text-right" : undefined}
      aria-sort={active ? (current.dir === "asc" ? "ascending" : "descending") : "none"}
    >
      <Link
        to={sortHref(search, prefix, current, sortKey)}
        preventScrollReset
        className="inline-flex min-h-6 items-center gap-1 whitespace-nowrap hover:underline"
      >
        {label}
        <span aria-hidden="true" className={active ? "text-silk-deep" : "text-stone-400"}>
          {active ? (current.dir === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    </th>
  );
}

export function StatsTables({
  search,
  userStats,
  merchantStats,
  userSort,
  merchantSort,
}: {
  search: string;
  userStats: UserStat[];
  merchantStats: MerchantStat[];
  userSort: StatsSort<UserSort>;
  merchantSort: StatsSort<MerchantSort>;
}) {
  const number = "text-right tabular-nums";
  return (
    <div className="space-y-6">
      <section aria-labelledby="user-stats" className="space-y-3">
        <h2 id="user-stats" className="text-xl font-semibold text-indigo-ink">
          สถิติผู้ใช้
        </h2>
        <p className="text-sm text-stone-600">
          {STATS_ROW_LIMIT} คนแรกตามลำดับที่เลือก ผู้ใช้ทั้งหมดอยู่ที่หน้า{" "}
          <Link to="/admin/manage/users" className="font-semibold text-indigo-ink underline">
            จัดการผู้ใช้
          </Link>
        </p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe scrollable-region-focusable) */}
        {/* biome-ignore lint/a11y/useSemanticElements: a region role names the scroller; a <section> would add a heading level */}
        <div className={`${card} overflow-x-auto`} tabIndex={0} role="region" aria-label="ตารางสถิติผู้ใช้ (เลื่อนซ้ายขวาได้)">
          <table className={`${cellsTable} w-full min-w-[56rem] text-[15px]`}>
            <thead className={tableHead}>
              <tr>
                <Header label="ชื่อ" sortKey="name" search={search} prefix="u" current={userSort} numeric={false} />
                <th scope="col">อีเมล</th>
                <th scope="col">บทบาท</th>
                {COUNT_COLUMNS.map((column) => (
                  <Header
                    key={column.key}
                    label={column.label}
                    sortKey={column.key}
                    search={search}
                    prefix="u"
                    current={userSort}
                  />
                ))}
                <Header label="ยอดใช้จ่าย" sortKey="totalSpending" search={search} prefix="u" current={userSort} />
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {userStats.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-8 text-center text-stone-500">
                    ไม่พบข้อมูลผู้ใช้
                  </td>
                </tr>
              ) : (
                userStats.map((user) => (
                  <tr key={user.id}>
                    <td className="font-semibold">{user.name}</td>
                    <td className="break-all text-stone-700">{user.email}</td>
                    <td>
                      <div className="flex flex-wrap gap-1">
                        {user.roles.map((role) => (
                          <RoleBadge key={role} role={role as AdminRole} />
                        ))}
                      </div>
                    </td>
                    {COUNT_COLUMNS.map((column) => (
                      <td key={column.key} className={number}>
                        {formatCount(user[column.key] ?? 0)}
                      </td>
                    ))}
                    <td className={`${number} whitespace-nowrap`}>{formatBaht(user.totalSpending ?? 0)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="merchant-stats" className="space-y-3">
        <h2 id="merchant-stats" className="text-xl font-semibold text-indigo-ink">
          สถิติร้านค้า
        </h2>
        <p className="text-sm text-stone-600">{STATS_ROW_LIMIT} ร้านแรกตามลำดับที่เลือก</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe scrollable-region-focusable) */}
        {/* biome-ignore lint/a11y/useSemanticElements: a region role names the scroller; a <section> would add a heading level */}
        <div className={`${card} overflow-x-auto`} tabIndex={0} role="region" aria-label="ตารางสถิติร้านค้า (เลื่อนซ้ายขวาได้)">
          <table className={`${cellsTable} w-full min-w-[56rem] text-[15px]`}>
            <thead className={tableHead}>
              <tr>
                <Header label="ชื่อ" sortKey="name" search={search} prefix="m" current={merchantSort} numeric={false} />
                <th scope="col">อีเมล</th>
                <th scope="col">สถานะ</th>
                {COUNT_COLUMNS.map((column) => (
                  <Header
                    key={column.key}
                    label={column.label}
                    sortKey={column.key}
                    search={search}
                    prefix="m"
                    current={merchantSort}
                  />
                ))}
                <Header label="รายได้" sortKey="totalRevenue" search={search} prefix="m" current={merchantSort} />
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {merchantStats.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-8 text-center text-stone-500">
                    ไม่พบข้อมูลร้านค้า
                  </td>
                </tr>
              ) : (
                merchantStats.map((merchant) => (
                  <tr key={merchant.id}>
                    <td className="font-semibold">{merchant.name}</td>
                    <td className="break-all text-stone-700">{merchant.email}</td>
                    <td>
                      <UserStatusBadge status={merchant.status as AdminUserStatus} />
                    </td>
                    {COUNT_COLUMNS.map((column) => (
                      <td key={column.key} className={number}>
                        {formatCount(merchant[column.key] ?? 0)}
                      </td>
                    ))}
                    <td className={`${number} whitespace-nowrap`}>{formatBaht(merchant.totalRevenue ?? 0)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
