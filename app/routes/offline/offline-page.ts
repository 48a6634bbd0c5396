import { site } from "~/content/site";

/**
 * /offline: what the service worker (./service-worker.js) shows for a page it has not kept when
 * there is no connection: a whole Thai page that needs nothing else (no script, its style inside),
 * kept by the worker when it installs. It answers at the address the person asked for, so
 * "ลองอีกครั้ง" (href="") asks for that page again.
 */
const PAGE = `<!doctype html>
<html lang="th">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>ออฟไลน์ | ${site.shortName}</title>
<style>
  body { margin: 0; font-family: Sarabun, "Noto Sans Thai", "Leelawadee UI", Tahoma, sans-serif; background: #faf7f0; color: #1c1917; line-height: 1.6; }
  header { background: #1e2a5a; padding: 12px 16px; }
  header a { color: #fff; font-weight: 600; text-decoration: none; }
  main { max-width: 36rem; margin: 0 auto; padding: 32px 16px; }
  h1 { font-size: 1.5rem; color: #1e2a5a; margin: 0 0 8px; }
  .actions { display: flex; flex-wrap: wrap; gap: 12px; margin-top: 24px; }
  .actions a { display: inline-flex; align-items: center; min-height: 44px; padding: 0 18px; border-radius: 12px; font-weight: 600; text-decoration: none; }
  .primary { background: #1e2a5a; color: #fff; }
  .secondary { background: #fff; color: #1e2a5a; box-shadow: inset 0 0 0 1px #d6d3d1; }
</style>
</head>
<body>
<header><a href="/">${site.shortName}</a></header>
<main>
<h1>ไม่มีการเชื่อมต่ออินเทอร์เน็ต</h1>
<p>หน้านี้ยังไม่เคยเปิดไว้ในเครื่องนี้ จึงแสดงขณะออฟไลน์ไม่ได้ เมื่อสัญญาณกลับมา กด “ลองอีกครั้ง” เพื่อเปิดหน้าที่ต้องการ</p>
<p>หน้าที่เคยเปิดแล้ว เช่น คำสั่งซื้อของฉัน ตะกร้า สัดส่วน และคิวอาร์พร้อมเพย์ของคำสั่งซื้อ ยังเปิดดูได้ขณะออฟไลน์</p>
<div class="actions">
<a class="primary" href="">ลองอีกครั้ง</a>
<a class="secondary" href="/user/orders">คำสั่งซื้อของฉัน</a>
<a class="secondary" href="/">หน้าแรก</a>
</div>
</main>
</body>
</html>
`;

export function loader() {
  return new Response(PAGE, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "Content-Security-Policy":
        "default-src 'self'; style-src 'unsafe-inline'; script-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}
