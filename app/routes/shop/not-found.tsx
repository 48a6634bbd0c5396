import { data } from "react-router";

/** Any address the shop does not know: a real 404 with the Thai error page, whatever the method. */
export function loader() {
  throw data("ไม่พบหน้าที่ต้องการ", { status: 404 });
}

/** A write to an unknown address is a 404 too (not "method not allowed": there is nothing here to allow it). */
export function action() {
  throw data("ไม่พบหน้าที่ต้องการ", { status: 404 });
}

export default function NotFound() {
  return null;
}
