import { data } from "react-router";

/** Any address the shop does not know: a real 404 with the Thai error page. */
export function loader() {
  throw data("ไม่พบหน้าที่ต้องการ", { status: 404 });
}

export default function NotFound() {
  return null;
}
