/** Header menus by role (spec section 6). Pure: used by the header and by tests. */

export type RoleName = "user" | "merchant" | "admin";

export interface NavItem {
  to: string;
  label: string;
}

export interface NavUser {
  roles: readonly RoleName[];
}

const adminMenu: NavItem[] = [
  { to: "/admin", label: "แดชบอร์ด" },
  { to: "/admin/manage/users", label: "จัดการผู้ใช้" },
  { to: "/admin/manage/designs", label: "จัดการแบบเสื้อ" },
  { to: "/admin/manage/orders", label: "จัดการคำสั่งซื้อ" },
  { to: "/admin/manage/problems", label: "ปัญหาคำสั่งซื้อ" },
  { to: "/contact", label: "ติดต่อเรา" },
];

const merchantMenu: NavItem[] = [
  { to: "/merchant", label: "คำสั่งตัดเสื้อ" },
  { to: "/merchant/statistics", label: "สถิติคำสั่งซื้อ" },
  { to: "/merchant/popular_design", label: "แบบเสื้อยอดนิยม" },
  { to: "/merchant/pricing", label: "ราคาลวดลาย" },
  { to: "/merchant/shop", label: "ร้านของฉัน" },
  { to: "/contact", label: "ติดต่อเรา" },
];

const userMenu: NavItem[] = [
  { to: "/design?category=shirt", label: "ออกแบบเสื้อ" },
  { to: "/merchant/info", label: "ร้านผ้าไหม" },
  { to: "/cart", label: "ตะกร้าสินค้า" },
  { to: "/user/orders", label: "สถานะคำสั่งซื้อ" },
  { to: "/contact", label: "ติดต่อเรา" },
];

const visitorMenu: NavItem[] = [
  { to: "/design?category=shirt", label: "ออกแบบเสื้อ" },
  { to: "/merchant/info", label: "ร้านผ้าไหม" },
  { to: "/contact", label: "ติดต่อเรา" },
  { to: "/register", label: "สมัครสมาชิก" },
  { to: "/login", label: "เข้าสู่ระบบ" },
];

/** A signed-in customer: neither admin nor merchant (the one with a cart). */
export function isCustomer(user: NavUser | null): boolean {
  return !!user && !user.roles.includes("admin") && !user.roles.includes("merchant");
}

/** Admin first, then merchant; anyone else signed in is a customer. */
export function menuFor(user: NavUser | null): NavItem[] {
  if (!user) return visitorMenu;
  if (user.roles.includes("admin")) return adminMenu;
  if (user.roles.includes("merchant")) return merchantMenu;
  return userMenu;
}

/** An item is active when the path is its path, or lies below it (not for the role's home). */
export function isActive(item: NavItem, pathname: string): boolean {
  const itemPath = item.to.split("?")[0]!;
  if (pathname === itemPath) return true;
  const isSectionHome = itemPath === "/admin" || itemPath === "/merchant";
  return !isSectionHome && itemPath !== "/" && pathname.startsWith(`${itemPath}/`);
}
