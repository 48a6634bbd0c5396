// The large benchmark data set, on top of the demo data: customers, tailors with part prices and
// approved designs, and orders in every status spread over two years, each with its events.
// Plain SQL (INSERT ... SELECT generate_series), so 100,000 orders take seconds, not minutes.
// Pseudo-random but deterministic: the same scale gives the same data.
import { CATEGORIES, CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";

export interface Scale {
  orders: number;
  users: number;
  tailors: number;
  designsPerTailor: number;
}

const firstNames = [
  "สมชาย",
  "สมหญิง",
  "มาลี",
  "บุญมี",
  "คำปุน",
  "วันเพ็ญ",
  "ประยูร",
  "สุดา",
  "อำนาจ",
  "จันทร์เพ็ญ",
  "ทองใบ",
  "พรทิพย์",
  "สมบัติ",
  "นงลักษณ์",
  "วิชัย",
  "ศรีสุดา",
  "บัวผัน",
  "ประเสริฐ",
  "อรุณี",
  "เกษม",
];
const lastNames = [
  "ใจงาม",
  "รักผ้าไทย",
  "ศรีสุข",
  "ทอผ้างาม",
  "ฝีมือดี",
  "แพรวา",
  "บุญมา",
  "คำแก้ว",
  "ทองดี",
  "สายไหม",
  "พรหมมา",
  "ชัยมงคล",
  "แก้วมณี",
  "ศรีวงศ์",
  "นาคสุข",
];
const provinces = [
  "สกลนคร",
  "กาฬสินธุ์",
  "นครพนม",
  "อุดรธานี",
  "ขอนแก่น",
  "มุกดาหาร",
  "ร้อยเอ็ด",
  "มหาสารคาม",
  "เชียงใหม่",
  "กรุงเทพมหานคร",
];
const villages = ["บ้านนาดี", "บ้านหนองแสง", "บ้านโพนงาม", "บ้านดอนแดง", "บ้านนาคำ", "บ้านโคกสูง"];
const shopWords = ["ผ้าทอ", "ตัดเสื้อ", "ผ้าคราม", "ผ้าไหม", "เสื้อผู้ไท", "ผ้าฝ้าย"];

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(text).join(", ")}]::text[]`;
/** An element of a SQL array picked by a deterministic draw. */
const pick = (values: readonly string[], key: string, salt: number) =>
  `(${textArray(values)})[1 + bench_rand(${key}, ${salt}, ${values.length})]`;
/** A category's options; the size cut to measure needs a profile, so generated designs take ready sizes. */
const sidsOf = (category: string) =>
  PATTERN_OPTIONS.filter((option) => option.category === category && option.sid !== CUSTOM_SIZE).map(
    (option) => option.sid,
  );

/** SQL for the whole large data set. Runs after the demo data, in one session. */
export function largeDataSql(scale: Scale): string {
  const pricedCategories = CATEGORIES.filter((category) => category.priced).map((category) => category.key);
  const shirtNames = PATTERN_OPTIONS.filter((option) => option.category === "shirt").map((option) => option.labelTh);
  const part = (category: string, key: string, salt: number) => pick(sidsOf(category), key, salt);
  // Designs a customer makes in the designer (own) and tailors' popular designs share one shape.
  const designParts = (
    key: string,
    salt: number,
    base: string,
  ) => `${base}, ${part("neck", key, salt + 1)}, ${part("placket", key, salt + 2)},
      ${part("hem", key, salt + 3)}, ${part("arm", key, salt + 4)}, ${part("color", key, salt + 5)}, ${part("fabric", key, salt + 6)},
      ${part("thread", key, salt + 7)}, ${part("size", key, salt + 8)}, bench_rand(${key}, ${salt + 9}, 2) = 0`;
  const designColumns = `"baseId", "collarId", "placketId", "hemId", "armId", "colorId", "fabricId", "threadId", "sizeId", "isTTape"`;

  return `
CREATE OR REPLACE FUNCTION bench_rand(k bigint, salt int, n int) RETURNS int
  LANGUAGE sql IMMUTABLE AS $$ SELECT ((hashint8(k * 1000 + salt) & 2147483647) % n)::int $$;

-- Customers (the demo has a handful of people already).
INSERT INTO "User" (email, "passwordHash", name, gender, dob, address, phone, roles, status, "createdAt", "updatedAt")
SELECT 'bench-user-' || lpad(g::text, 5, '0') || '@example.com',
       (SELECT "passwordHash" FROM "User" WHERE email = 'user@example.com'),
       ${pick(firstNames, "g", 1)} || ' ' || ${pick(lastNames, "g", 2)},
       CASE WHEN bench_rand(g, 3, 2) = 0 THEN 'MALE'::"Gender" ELSE 'FEMALE'::"Gender" END,
       date '1960-01-01' + bench_rand(g, 4, 16000),
       (1 + bench_rand(g, 5, 200)) || ' หมู่ ' || (1 + bench_rand(g, 6, 12)) || ' ' || ${pick(villages, "g", 7)} || ' จังหวัด' || ${pick(provinces, "g", 8)},
       '08' || lpad(bench_rand(g, 9, 100000000)::text, 8, '0'),
       ARRAY['user']::"Role"[],
       CASE WHEN bench_rand(g, 10, 100) < 2 THEN 'inactive'::"UserStatus" ELSE 'active'::"UserStatus" END,
       now() - make_interval(days => 30 + bench_rand(g, 11, 760)),
       now() - make_interval(days => bench_rand(g, 12, 30))
FROM generate_series(1, GREATEST(0, ${scale.users} - ${scale.tailors} - (SELECT count(*) FROM "User" WHERE NOT ('merchant' = ANY(roles))))) g;

-- Tailors with their shops.
INSERT INTO "User" (email, "passwordHash", name, gender, dob, address, phone, roles, status, "shopName", "shopDetail", "lineId", "createdAt", "updatedAt")
SELECT 'bench-tailor-' || lpad(g::text, 3, '0') || '@example.com',
       (SELECT "passwordHash" FROM "User" WHERE email = 'user@example.com'),
       ${pick(firstNames, "g", 21)} || ' ' || ${pick(lastNames, "g", 22)},
       CASE WHEN bench_rand(g, 23, 3) = 0 THEN 'MALE'::"Gender" ELSE 'FEMALE'::"Gender" END,
       date '1960-01-01' + bench_rand(g, 24, 12000),
       (1 + bench_rand(g, 25, 200)) || ' หมู่ ' || (1 + bench_rand(g, 26, 12)) || ' ' || ${pick(villages, "g", 27)},
       '09' || lpad(bench_rand(g, 28, 100000000)::text, 8, '0'),
       ARRAY['merchant']::"Role"[], 'active',
       'ร้าน' || ${pick(shopWords, "g", 29)} || ' ' || ${pick(villages, "g", 30)} || ' ' || g,
       'ตัดเย็บเสื้อผ้าทอมือตามแบบ งานละเอียด ส่งตรงเวลา ประสบการณ์ ' || (5 + bench_rand(g, 31, 30)) || ' ปี',
       'tailor' || g,
       now() - make_interval(days => 400 + bench_rand(g, 32, 400)), now()
FROM generate_series(1, GREATEST(0, ${scale.tailors} - (SELECT count(*) FROM "User" WHERE 'merchant' = ANY(roles)))) g;

-- Every tailor prices every priced part; three in five also cut to a customer's measurements.
INSERT INTO "PartPrice" ("merchantId", "patternSid", price, "updatedAt")
SELECT u.id, p.sid,
       CASE p.category::text WHEN 'shirt' THEN 420 WHEN 'hem' THEN 70 WHEN 'neck' THEN 55 WHEN 'placket' THEN 45
         WHEN 'size' THEN 150 ELSE 35 END
         + 5 * bench_rand(u.id, hashtext(p.sid), 12),
       now()
FROM "User" u CROSS JOIN "PatternOption" p
WHERE 'merchant' = ANY(u.roles)
  AND (p.category::text IN (${pricedCategories.map(text).join(", ")})
       OR (p.sid = ${text(CUSTOM_SIZE)} AND bench_rand(u.id, 20, 5) < 3))
ON CONFLICT DO NOTHING;

CREATE TABLE bench_customer AS
  SELECT row_number() OVER (ORDER BY id)::int AS k, id, address FROM "User" WHERE roles = ARRAY['user']::"Role"[] AND status = 'active';
CREATE TABLE bench_tailor AS
  SELECT row_number() OVER (ORDER BY id)::int AS k, id FROM "User" WHERE 'merchant' = ANY(roles) AND status = 'active';

-- Popular designs of the tailors that have none yet (the demo tailors have theirs), and a few samples waiting for approval.
INSERT INTO "Design" ("ownerId", type, status, price, ${designColumns}, "createdAt", "updatedAt")
SELECT t.id, 'design', 'approved', 690 + 10 * bench_rand(t.id * 10 + d, 40, 90),
       ${designParts("t.id * 10 + d", 41, part("shirt", "t.id * 10 + d", 50))},
       now() - make_interval(days => 30 + bench_rand(t.id * 10 + d, 51, 300)), now()
FROM bench_tailor t CROSS JOIN generate_series(1, ${scale.designsPerTailor}) d
WHERE NOT EXISTS (SELECT 1 FROM "Design" x WHERE x."ownerId" = t.id);
INSERT INTO "Design" ("ownerId", type, status, price, ${designColumns}, "createdAt", "updatedAt")
SELECT t.id, 'upload', CASE WHEN t.k % 10 = 0 THEN 'rejected'::"DesignStatus" ELSE 'pending'::"DesignStatus" END, 990,
       ${designParts("t.id", 61, part("shirt", "t.id", 70))}, now() - make_interval(days => bench_rand(t.id, 71, 20)), now()
FROM bench_tailor t WHERE t.k % 5 = 0;

CREATE TABLE bench_popular AS
  SELECT row_number() OVER (ORDER BY d.id)::int AS k, d.id, d."ownerId" AS owner_id, d.price, substring(d."baseId" from '[0-9]+')::int AS base_i
  FROM "Design" d WHERE d.type = 'design' AND d.status = 'approved' AND d.price IS NOT NULL AND d."ownerId" IN (SELECT id FROM bench_tailor);
CREATE TABLE bench_base AS
  SELECT (SELECT coalesce(max(id), 0) FROM "Design") AS design_base, (SELECT coalesce(max(id), 0) FROM "Order") AS order_base;

-- The plan of every order: age over two years, a status that fits its age, a popular or an own design.
CREATE TABLE bench_plan AS
WITH draw AS (
  SELECT g AS n, bench_rand(g, 80, 730) AS age_days, bench_rand(g, 81, 86400) AS age_secs, bench_rand(g, 82, 100) AS roll
  FROM generate_series(1, ${scale.orders}) g
), planned AS (
  SELECT n, age_days, age_secs,
    (CASE
      WHEN age_days < 3 THEN (CASE WHEN roll < 40 THEN 'cart' WHEN roll < 90 THEN 'ordered' ELSE 'accepted' END)
      -- A shop in service cancels what no tailor took within ORDER_ACCEPT_DAYS (7): nothing older waits.
      WHEN age_days < 7 THEN (CASE WHEN roll < 8 THEN 'cart' WHEN roll < 30 THEN 'ordered' WHEN roll < 70 THEN 'accepted' WHEN roll < 92 THEN 'completed' ELSE 'canceled' END)
      WHEN age_days < 21 THEN (CASE WHEN roll < 8 THEN 'cart' WHEN roll < 70 THEN 'accepted' WHEN roll < 92 THEN 'completed' ELSE 'canceled' END)
      ELSE (CASE WHEN roll < 3 THEN 'cart' WHEN roll < 88 THEN 'completed' ELSE 'canceled' END)
    END)::"OrderStatus" AS status,
    bench_rand(n, 83, 100) < 40 AS popular,
    1 + bench_rand(n, 84, (SELECT count(*)::int FROM bench_customer)) AS buyer_k,
    1 + bench_rand(n, 85, (SELECT count(*)::int FROM bench_popular)) AS popular_k,
    1 + bench_rand(n, 86, (SELECT count(*)::int FROM bench_tailor)) AS tailor_k,
    1 + bench_rand(n, 87, ${shirtNames.length}) AS own_base_i,
    CASE WHEN bench_rand(n, 88, 10) < 7 THEN 1 WHEN bench_rand(n, 88, 10) < 9 THEN 2 ELSE 3 END AS quantity,
    now() - make_interval(days => age_days, secs => age_secs) AS created_at
  FROM draw
)
SELECT *, (NOT popular AND status = 'cart' AND bench_rand(n, 89, 2) = 0) AS no_tailor FROM planned;

-- One cart line per buyer, design and tailor (decision 35): a popular design drawn into one
-- buyer's cart again is a canceled order instead.
UPDATE bench_plan p SET status = 'canceled'
FROM (SELECT n, row_number() OVER (PARTITION BY buyer_k, popular_k ORDER BY n) AS k
      FROM bench_plan WHERE popular AND status = 'cart') again
WHERE again.n = p.n AND again.k > 1;

-- Own designs, one per own-design order (ids follow the plan, so orders can name them).
INSERT INTO "Design" (id, "ownerId", type, status, price, ${designColumns}, "createdAt", "updatedAt")
SELECT b.design_base + p.n, c.id, 'design', 'approved', NULL,
       ${designParts("p.n", 90, "'shirt' || p.own_base_i")}, p.created_at, p.created_at
FROM bench_plan p CROSS JOIN bench_base b JOIN bench_customer c ON c.k = p.buyer_k
WHERE NOT p.popular;

-- Each order in its design's size (the size is the item's own; generated designs all have a ready one).
INSERT INTO "Order" (id, "buyerId", "sellerId", "designId", name, quantity, "sizeId", "unitPrice", "totalPrice", status, "deliveryAddress", "orderedAt", "createdAt", "updatedAt")
SELECT b.order_base + p.n, c.id,
       CASE WHEN p.popular THEN pop.owner_id WHEN p.no_tailor THEN NULL ELSE t.id END,
       CASE WHEN p.popular THEN pop.id ELSE b.design_base + p.n END,
       (${textArray(shirtNames)})[CASE WHEN p.popular THEN pop.base_i ELSE p.own_base_i END],
       p.quantity,
       (SELECT d."sizeId" FROM "Design" d WHERE d.id = CASE WHEN p.popular THEN pop.id ELSE b.design_base + p.n END),
       priced.unit, priced.unit * p.quantity, p.status,
       CASE WHEN p.status <> 'cart' THEN c.address END,
       CASE WHEN p.status <> 'cart' THEN p.created_at + interval '1 hour' END,
       p.created_at,
       p.created_at + (now() - p.created_at) / 2
FROM bench_plan p CROSS JOIN bench_base b
JOIN bench_customer c ON c.k = p.buyer_k
JOIN bench_popular pop ON pop.k = p.popular_k
JOIN bench_tailor t ON t.k = p.tailor_k
CROSS JOIN LATERAL (SELECT CASE WHEN p.popular THEN pop.price WHEN p.no_tailor THEN NULL ELSE 600 + 10 * bench_rand(p.n, 91, 120) END AS unit) priced;

-- Each order's events along its path (cart → ordered → accepted → completed, or → canceled).
CREATE TABLE bench_path (status "OrderStatus", step int, from_status "OrderStatus", to_status "OrderStatus");
INSERT INTO bench_path VALUES
  ('ordered', 1, 'cart', 'ordered'),
  ('accepted', 1, 'cart', 'ordered'), ('accepted', 2, 'ordered', 'accepted'),
  ('completed', 1, 'cart', 'ordered'), ('completed', 2, 'ordered', 'accepted'), ('completed', 3, 'accepted', 'completed'),
  ('canceled', 1, 'cart', 'ordered'), ('canceled', 2, 'ordered', 'canceled');
INSERT INTO "OrderEvent" ("orderId", "fromStatus", "toStatus", "actorId", "actorRole", "createdAt")
SELECT o.id, s.from_status, s.to_status,
       CASE WHEN s.step = 1 THEN o."buyerId" ELSE o."sellerId" END,
       CASE WHEN s.step = 1 THEN 'user'::"EventActor" ELSE 'merchant'::"EventActor" END,
       LEAST(o."orderedAt" + (s.step - 1) * interval '2 days', o."orderedAt" + (now() - o."orderedAt") * (s.step - 1) / 3)
FROM "Order" o CROSS JOIN bench_base b JOIN bench_path s ON s.status = o.status
WHERE o.id > b.order_base;

-- A taken order has its payment (paid once completed); one completed order in ten has its review.
INSERT INTO "OrderPayment" ("orderId", status, amount, method, "paidAt", "updatedAt")
SELECT o.id, CASE WHEN o.status = 'completed' THEN 'paid'::"PaymentStatus" ELSE 'unpaid'::"PaymentStatus" END,
       o."totalPrice", CASE WHEN o.status = 'completed' THEN 'promptpay'::"PaymentMethod" END,
       CASE WHEN o.status = 'completed' THEN o."orderedAt" + interval '1 day' END, now()
FROM "Order" o CROSS JOIN bench_base b
WHERE o.id > b.order_base AND o.status IN ('accepted', 'completed') AND o."totalPrice" IS NOT NULL;
-- A completed order was sent and received; one taken order in three is on its way, shipped a day ago
-- (well inside the receipt window: the shop's sweep neither reminds nor confirms it during a run).
INSERT INTO "OrderDelivery" ("orderId", method, carrier, "trackingNumber", "shippedAt", "receivedAt", "receivedBy", "updatedAt")
SELECT o.id, 'carrier'::"DeliveryMethod", 'thailand_post'::"Carrier", 'EF' || lpad((o.id % 100000000)::text, 8, '0') || '5TH',
       CASE WHEN o.status = 'completed' THEN o."orderedAt" + interval '3 days' ELSE GREATEST(o."orderedAt", now() - interval '1 day') END,
       CASE WHEN o.status = 'completed' THEN o."orderedAt" + interval '5 days' END,
       CASE WHEN o.status = 'completed' THEN 'user'::"EventActor" END, now()
FROM "Order" o CROSS JOIN bench_base b
WHERE o.id > b.order_base AND (o.status = 'completed' OR (o.status = 'accepted' AND bench_rand(o.id, 97, 3) = 0));
-- And the demo customer's latest taken order (the receipt and problem pages read as user@).
INSERT INTO "OrderDelivery" ("orderId", method, carrier, "trackingNumber", "shippedAt", "updatedAt")
SELECT o.id, 'carrier'::"DeliveryMethod", 'thailand_post'::"Carrier", 'EF000000015TH', now() - interval '1 day', now()
FROM "Order" o
WHERE o."buyerId" = (SELECT id FROM "User" WHERE email = 'user@example.com') AND o.status = 'accepted'
  AND NOT EXISTS (SELECT 1 FROM "OrderDelivery" d WHERE d."orderId" = o.id)
ORDER BY o.id DESC LIMIT 1;
INSERT INTO "Review" ("orderId", "authorId", "merchantId", rating, comment, "createdAt", "updatedAt")
SELECT o.id, o."buyerId", o."sellerId", 3 + bench_rand(o.id, 95, 3),
       CASE WHEN bench_rand(o.id, 96, 2) = 0 THEN 'ผ้าสวย ตัดเย็บเรียบร้อย ส่งตรงเวลา' END,
       o."orderedAt" + interval '5 days', o."orderedAt" + interval '5 days'
FROM "Order" o CROSS JOIN bench_base b
WHERE o.id > b.order_base AND o.status = 'completed' AND o."sellerId" IS NOT NULL AND bench_rand(o.id, 94, 10) = 0;

SELECT setval(pg_get_serial_sequence('"Design"', 'id'), (SELECT max(id) FROM "Design"));
SELECT setval(pg_get_serial_sequence('"Order"', 'id'), (SELECT max(id) FROM "Order"));

DROP TABLE bench_plan, bench_path, bench_base, bench_popular, bench_customer, bench_tailor;
DROP FUNCTION bench_rand(bigint, int, int);
`;
}

/** A database in service has been vacuumed (PGlite runs no autovacuum): statistics and visibility
 * map. A statement of its own: VACUUM cannot run inside the implicit transaction of a script. */
export const settleSql = "VACUUM ANALYZE";

/** What the prepared database holds, for the report. */
export const countsSql = `SELECT
  (SELECT count(*) FROM "User")::int AS users,
  (SELECT count(*) FROM "User" WHERE 'merchant' = ANY(roles))::int AS tailors,
  (SELECT count(*) FROM "PartPrice")::int AS "partPrices",
  (SELECT count(*) FROM "Design" WHERE status = 'approved' AND type = 'design' AND price IS NOT NULL)::int AS "popularDesigns",
  (SELECT count(*) FROM "Design")::int AS designs,
  (SELECT count(*) FROM "Order")::int AS orders,
  (SELECT count(*) FROM "Order" WHERE status <> 'cart')::int AS "placedOrders",
  (SELECT count(*) FROM "OrderEvent")::int AS "orderEvents",
  (SELECT to_char(min("createdAt"), 'YYYY-MM-DD') FROM "Order") AS "firstOrder",
  (SELECT to_char(max("createdAt"), 'YYYY-MM-DD') FROM "Order") AS "lastOrder"`;
