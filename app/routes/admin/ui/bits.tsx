import type { ReactNode } from "react";
import { Link } from "react-router";
import { type AdminOrderStatus, adminStatusLabel, statusBadgeClasses } from "~/domain/admin/order-query";
import { type AdminRole, type AdminUserStatus, ROLE_LABELS, STATUS_LABELS } from "~/domain/admin/user-labels";
import { formatCount } from "~/lib/format";

/** Small pieces the admin pages share: headings, badges, buttons, paging. */

export function PageTitle({ title, children, lead }: { title: string; children?: ReactNode; lead?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-1 text-stone-600">{lead}</p> : null}
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export const card = "rounded-2xl bg-white shadow-sm ring-1 ring-stone-200";
export const buttonPrimary =
  "inline-flex items-center justify-center gap-1 rounded-lg bg-indigo-ink px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-deep disabled:cursor-not-allowed disabled:opacity-50";
export const buttonSecondary =
  "inline-flex items-center justify-center gap-1 rounded-lg bg-white px-4 py-2.5 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft disabled:cursor-not-allowed disabled:opacity-50";
export const buttonDanger =
  "inline-flex items-center justify-center gap-1 rounded-lg bg-lac px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-[#8a2a24] disabled:cursor-not-allowed disabled:opacity-50";
export const buttonSuccess =
  "inline-flex items-center justify-center gap-1 rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-50";
export const smallLink =
  "rounded-md px-2 py-1 text-sm font-semibold text-indigo-ink underline-offset-2 hover:bg-indigo-soft hover:underline";
export const tableHead = "bg-indigo-soft/60 text-left text-sm font-semibold text-indigo-ink";
/**
 * A table whose header and body cells are padded from the table (app.css `.cells`): one class
 * on the table instead of the same utilities on every cell, which made a 20-row table's HTML big.
 */
export const cellsTable = "cells";

/**
 * Tables that turn into cards on a phone: each row a block, each cell a line with its label
 * (from data-label) in front, so every action stays on screen without sideways scrolling.
 */
export const stackTable = `${cellsTable} w-full text-[15px]`;
export const stackHead = "max-md:hidden";
export const stackRow = "max-md:block max-md:px-2 max-md:py-3";
/** The cell style lives in app.css (.stack-cell): long class lists repeated on every cell made big pages. */
export const stackCell = "stack-cell";

const roleClasses: Record<AdminRole, string> = {
  admin: "bg-indigo-ink text-white ring-indigo-ink",
  merchant: "bg-silk-soft text-[#6b4a0c] ring-silk/60",
  user: "bg-stone-100 text-stone-700 ring-stone-300",
};

const userStatusClasses: Record<AdminUserStatus, string> = {
  active: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  inactive: "bg-stone-200 text-stone-700 ring-stone-400",
  pending: "bg-amber-100 text-amber-900 ring-amber-300",
};

const badge = "inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1";

export function RoleBadge({ role }: { role: AdminRole }) {
  return <span className={`${badge} ${roleClasses[role]}`}>{ROLE_LABELS[role]}</span>;
}

export function UserStatusBadge({ status }: { status: AdminUserStatus }) {
  return <span className={`${badge} ${userStatusClasses[status]}`}>{STATUS_LABELS[status]}</span>;
}

export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  return <span className={`${badge} ${statusBadgeClasses(status)}`}>{adminStatusLabel(status)}</span>;
}

/** Previous / next links that keep the rest of the address. */
export function Pager({
  page,
  pageCount,
  total,
  hrefFor,
  unit,
}: {
  page: number;
  pageCount: number;
  total: number;
  hrefFor: (page: number) => string;
  unit: string;
}) {
  return (
    <nav aria-label="เลื่อนหน้า" className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
      <p>
        ทั้งหมด {formatCount(total)} {unit} · หน้า {formatCount(page)} จาก {formatCount(pageCount)}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={buttonSecondary} rel="prev">
            ← ก่อนหน้า
          </Link>
        ) : (
          <span className={`${buttonSecondary} opacity-40`} aria-disabled="true">
            ← ก่อนหน้า
          </span>
        )}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={buttonSecondary} rel="next">
            ถัดไป →
          </Link>
        ) : (
          <span className={`${buttonSecondary} opacity-40`} aria-disabled="true">
            ถัดไป →
          </span>
        )}
      </div>
    </nav>
  );
}

/** A label and a value in a details list; "ไม่ระบุ" when there is none. */
export function Detail({ label, value }: { label: string; value: ReactNode }) {
  const empty = value === null || value === undefined || value === "";
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className={empty ? "text-stone-500" : "break-words text-stone-800"}>{empty ? "ไม่ระบุ" : value}</dd>
    </div>
  );
}

/** A spinner while the page's list loads again (JavaScript on); invisible otherwise. */
export function LoadingNote({ loading }: { loading: boolean }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`items-center gap-2 self-center text-sm text-stone-600 ${loading ? "flex" : "hidden"}`}
    >
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-indigo-ink/30 border-t-indigo-ink"
      />
      {loading ? "กำลังโหลดข้อมูล..." : ""}
    </p>
  );
}
