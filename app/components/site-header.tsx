import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { site } from "~/content/site";
import { isActive, menuFor, type NavUser } from "~/lib/navigation";
import { Form } from "./post-form";

export interface HeaderUser extends NavUser {
  id: number;
  name: string;
  /** A customer's cart lines (null for other roles). */
  cartCount: number | null;
  /** Notifications not yet read (the bell). */
  unreadCount: number;
}

/**
 * The top bar, 73 px high. Wide screens show the menu in the bar; narrow ones get a menu
 * button (<details>) that opens it without JavaScript and closes when an item is chosen.
 */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  const { pathname, search } = useLocation();
  const items = menuFor(user);
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const accountMenu = useRef<HTMLDetailsElement>(null);

  // Choosing an item navigates; close both menus when the address changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the address changes
  useEffect(() => {
    mobileMenu.current?.removeAttribute("open");
    accountMenu.current?.removeAttribute("open");
  }, [pathname, search]);

  const linkClass = (active: boolean) =>
    `rounded-md px-3 py-2 text-[15px] font-semibold transition-colors ${
      active
        ? "bg-silk-soft text-indigo-ink ring-1 ring-silk/40"
        : "text-indigo-soft hover:bg-white/10 hover:text-white"
    }`;

  return (
    <header className="sticky top-0 z-40 h-[var(--header-height)] print:hidden border-b border-black/10 bg-indigo-ink text-white shadow-sm">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-3">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-semibold"
          aria-label={`${site.enterpriseName} หน้าแรก`}
        >
          <Logo />
          {/* Signed in, a phone's bar holds the cart, the bell and the account: the name would show as a
              clipped sliver, so there the mark stands alone (the link's label names the shop). */}
          <span className={`truncate text-base leading-tight sm:text-lg ${user ? "max-sm:hidden" : ""}`}>
            {site.enterpriseName}
          </span>
        </Link>

        {/* The phone's menu button: a <details> that opens without JavaScript. It holds only its
            summary; the one menu follows it and shows while it is open (peer-open), so each item,
            and aria-current, is in the page once. Wide screens show the menu in the bar. */}
        <details
          ref={mobileMenu}
          className={`peer order-last lg:hidden ${user ? "" : "ml-auto"}`}
          data-testid="menu-toggle"
        >
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold ring-1 ring-white/30 hover:bg-white/10 [&::-webkit-details-marker]:hidden">
            <MenuIcon />
            {/* The narrowest phones (320 px) keep the icon alone: the bar also holds the cart and the bell. */}
            <span className="max-[359px]:sr-only">เมนู</span>
          </summary>
        </details>
        <nav
          aria-label="เมนูหลัก"
          className="absolute inset-x-0 top-[var(--header-height)] hidden border-b border-black/10 bg-indigo-ink px-4 pb-4 shadow-lg peer-open:block lg:static lg:ml-auto lg:flex lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none"
        >
          <ul className="flex flex-col gap-1 pt-2 lg:flex-row lg:items-center lg:pt-0">
            {items.map((item) => (
              <li key={item.to}>
                {/* A plain Link: NavLink would add its own aria-current on the section's home
                    (/admin, /merchant) below every page of the section. isActive decides alone. */}
                <Link
                  to={item.to}
                  className={`block ${linkClass(isActive(item, pathname))}`}
                  aria-current={isActive(item, pathname) ? "page" : undefined}
                >
                  {item.label}
                  {item.to === "/cart" && user?.cartCount ? <CartCount count={user.cartCount} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {/* A phone keeps its menu folded: the cart stays one tap away beside it. */}
        {user && user.cartCount !== null ? (
          <Link
            to="/cart"
            className="ml-auto flex min-h-11 items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold ring-1 ring-white/30 hover:bg-white/10 lg:hidden"
            aria-current={pathname === "/cart" ? "page" : undefined}
            data-testid="header-cart"
          >
            <CartIcon />
            <span className="sr-only">ตะกร้าสินค้า</span>
            <CartCount count={user.cartCount} />
          </Link>
        ) : null}
        {user ? (
          <NotificationBell
            count={user.unreadCount}
            current={pathname === "/notifications"}
            className={user.cartCount !== null ? "lg:ml-2" : "ml-auto lg:ml-2"}
          />
        ) : null}
        {user ? (
          <details ref={accountMenu} className="relative lg:ml-2">
            <summary className="flex cursor-pointer list-none items-center gap-2 min-h-11 min-w-11 justify-center rounded-full bg-white/10 px-2 sm:px-3 text-sm font-semibold hover:bg-white/20 [&::-webkit-details-marker]:hidden">
              <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-silk text-indigo-deep">
                {user.name.slice(0, 1)}
              </span>
              <span className="hidden max-w-32 truncate sm:inline">{user.name}</span>
              <span className="sr-only">เมนูบัญชี</span>
            </summary>
            <div className="absolute right-0 mt-2 w-56 overflow-hidden rounded-lg bg-white text-stone-800 shadow-lg ring-1 ring-black/10">
              <Link to="/profile" className="block px-4 py-3 hover:bg-stone-100">
                ข้อมูลส่วนตัว
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className="block w-full px-4 py-3 text-left text-lac hover:bg-stone-100">
                  ออกจากระบบ
                </button>
              </Form>
            </div>
          </details>
        ) : null}
      </div>
    </header>
  );
}

function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0">
      <rect width="32" height="32" rx="8" fill="#c8962e" />
      <path d="M4 16 L10 10 L16 16 L10 22 Z M16 16 L22 10 L28 16 L22 22 Z" fill="#1f2a5a" />
      <path d="M10 13 L13 16 L10 19 L7 16 Z M22 13 L25 16 L22 19 L19 16 Z" fill="#fbf3e2" />
    </svg>
  );
}

/** The bell: a link to /notifications with the unread count (read out in words), on every page. */
function NotificationBell({ count, current, className }: { count: number; current: boolean; className: string }) {
  return (
    <Link
      to="/notifications"
      className={`${className} flex min-h-11 items-center gap-1 rounded-md px-2 py-2 text-sm font-semibold ring-1 ring-white/30 hover:bg-white/10`}
      aria-current={current ? "page" : undefined}
      data-testid="header-bell"
    >
      <BellIcon />
      <span className="sr-only">การแจ้งเตือน</span>
      {count > 0 ? (
        <span
          data-testid="bell-count"
          className="inline-grid min-w-6 place-items-center rounded-full bg-lac px-1.5 text-xs font-bold text-white"
        >
          {count > 99 ? "99+" : count}
          <span className="sr-only"> รายการที่ยังไม่ได้อ่าน</span>
        </span>
      ) : null}
    </Link>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M5 14V9a5 5 0 0 1 10 0v5l1.5 2h-13L5 14Z" strokeLinejoin="round" />
      <path d="M8.5 18a1.8 1.8 0 0 0 3 0" strokeLinecap="round" />
    </svg>
  );
}

/** The number of cart lines, read out as "n รายการ". */
function CartCount({ count }: { count: number }) {
  return (
    <span className="ml-1 inline-grid min-w-6 place-items-center rounded-full bg-silk px-1.5 text-xs font-bold text-indigo-deep">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> รายการ</span>
    </span>
  );
}

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M2 3h2l2 10h10l2-7H5.2" strokeLinejoin="round" />
      <circle cx="8" cy="16.5" r="1.3" />
      <circle cx="15" cy="16.5" r="1.3" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
      <rect x="3" y="5" width="14" height="2" rx="1" />
      <rect x="3" y="9" width="14" height="2" rx="1" />
      <rect x="3" y="13" width="14" height="2" rx="1" />
    </svg>
  );
}
