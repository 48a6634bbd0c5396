import type { PrismaClient } from "~/data/generated/client";
import type { OrderStatus, Role } from "~/data/generated/enums";
import { CATEGORIES, CUSTOM_SIZE } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { type DeliveryInput, deliveryText } from "~/domain/delivery/carriers";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { hashPassword } from "~/domain/users/password.server";

/**
 * The demo shop (npm start on an empty embedded database, the end-to-end tests, the benchmark's
 * base): people, shops, prices, designs, orders in every state, reviews and measurements. Not the
 * app's code: a real deployment never runs it. Every step is idempotent: running it again changes
 * nothing.
 */

export const DEMO_PASSWORD = "demo1234";

export const DEMO_LOGINS = [
  { email: "admin@example.com", role: "admin" },
  { email: "tailor1@example.com", role: "merchant" },
  { email: "tailor2@example.com", role: "merchant" },
  { email: "user@example.com", role: "user" },
] as const;

interface PersonSeed {
  email: string;
  name: string;
  roles: Role[];
  gender: "MALE" | "FEMALE";
  dob: string;
  phone: string;
  address: string;
  lineId?: string;
  facebookName?: string;
  shopName?: string;
  shopDetail?: string;
  /** Where customers pay the tailor (digits), and the name they see. */
  promptpayId?: string;
  promptpayName?: string;
  /** A tailor's shipping fee (baht) and lead time (days); the schema's defaults (50, 7) otherwise. */
  shippingFee?: number;
  leadTimeDays?: number;
  status?: "active" | "inactive" | "pending";
}

const people: PersonSeed[] = [
  {
    email: "admin@example.com",
    name: "ผู้ดูแลระบบ ร้านบ้านนาดี",
    roles: ["admin"],
    gender: "FEMALE",
    dob: "1985-03-14",
    phone: "0810000001",
    address: "สำนักงานวิสาหกิจชุมชน หมู่ 4 บ้านนาดี",
  },
  {
    email: "tailor1@example.com",
    name: "สมศรี ทอผ้างาม",
    roles: ["merchant"],
    gender: "FEMALE",
    dob: "1972-06-02",
    phone: "0810000002",
    address: "12 หมู่ 4 บ้านนาดี",
    lineId: "somsri.weave",
    shopName: "ร้านสมศรีผ้าทอ",
    shopDetail: "ตัดเย็บเสื้อผ้าฝ้ายย้อมครามมากว่า 25 ปี ถนัดงานขลิบและแถบลายขิด",
    promptpayId: "0810000002",
    promptpayName: "สมศรี ทอผ้างาม",
  },
  {
    email: "tailor2@example.com",
    name: "บุญมี ฝีมือดี",
    roles: ["merchant"],
    gender: "MALE",
    dob: "1968-11-20",
    phone: "0810000003",
    address: "45 หมู่ 2 บ้านหนองแสง",
    lineId: "boonmee.tailor",
    shopName: "ร้านบุญมีตัดเสื้อ",
    shopDetail: "เสื้อชายทรงคอจีนและเสื้อเชิ้ตผ้าทอ งานละเอียด ส่งตรงเวลา",
    promptpayId: "0810000003",
    promptpayName: "บุญมี ฝีมือดี",
    // The tailors differ in fee and time, so the tailor choice has something to compare (issue 45).
    shippingFee: 80,
    leadTimeDays: 5,
  },
  {
    email: "tailor3@example.com",
    name: "คำปุน แพรวา",
    roles: ["merchant"],
    gender: "FEMALE",
    dob: "1979-01-09",
    phone: "0810000004",
    address: "7 หมู่ 6 บ้านโพนงาม",
    shopName: "ร้านคำปุนแพรวา",
    shopDetail: "เสื้อผู้ไทและเสื้อป้ายหญิง ปักมือทุกตัว ใช้ไหมย้อมสีธรรมชาติ",
    shippingFee: 0,
    leadTimeDays: 14,
  },
  {
    email: "user@example.com",
    name: "มาลี ใจงาม",
    roles: ["user"],
    gender: "FEMALE",
    dob: "1994-08-15",
    phone: "0810000005",
    address: "88/1 ถนนตัวอย่าง ตำบลในเมือง อำเภอเมือง จังหวัดตัวอย่าง 00000",
    lineId: "malee.j",
    facebookName: "มาลี ใจงาม",
  },
  {
    email: "somchai@example.com",
    name: "สมชาย รักผ้าไทย",
    roles: ["user"],
    gender: "MALE",
    dob: "1988-02-28",
    phone: "0810000006",
    address: "9 ถนนตัวอย่าง อำเภอเมือง จังหวัดตัวอย่าง 00000",
  },
  {
    email: "wanpen@example.com",
    name: "วันเพ็ญ ศรีสุข",
    roles: ["user"],
    gender: "FEMALE",
    dob: "1990-12-05",
    phone: "0810000007",
    address: "21 หมู่ 1 ตำบลตัวอย่าง จังหวัดตัวอย่าง 00000",
  },
  // A suspended account: it cannot log in (shows the admin's inactive badge).
  {
    email: "inactive@example.com",
    name: "ประยูร พักบัญชี",
    roles: ["user"],
    gender: "MALE",
    dob: "1980-07-07",
    phone: "0810000008",
    address: "3 หมู่ 3 ตำบลตัวอย่าง",
    status: "inactive",
  },
];

/** A tailor's price for each priced part: a base by category, a little more for finer patterns. */
const basePrice: Record<string, number> = {
  shirt: 450,
  neck: 60,
  placket: 50,
  seam: 40,
  bag: 45,
  side: 35,
  arm: 40,
  hem: 80,
};

function partPrice(category: string, sid: string, tailorIndex: number): number {
  const variant = Number(sid.replace(/\D/g, "")) || 1;
  const base = basePrice[category] ?? 0;
  return base + (variant - 1) * (category === "shirt" ? 40 : 10) + tailorIndex * (category === "shirt" ? 30 : 5);
}

/** Cutting to a customer's measurements, on top of the parts (the first two tailors). */
function customSizePrice(tailorIndex: number): number {
  return 150 + tailorIndex * 50;
}

/** The demo customers' measurements, typed in inches and kept in centimetres (one decimal). */
const DEMO_MEASUREMENTS = new Map<
  string,
  Record<"chest" | "waist" | "hips" | "shoulder" | "sleeve" | "shirtLength" | "neck", string>
>([
  [
    "user@example.com",
    { chest: "96.5", waist: "81.3", hips: "96.5", shoulder: "43.2", sleeve: "61.0", shirtLength: "73.7", neck: "38.1" },
  ],
  [
    "wanpen@example.com",
    { chest: "86.4", waist: "71.1", hips: "94.0", shoulder: "38.1", sleeve: "55.9", shirtLength: "63.5", neck: "34.3" },
  ],
]);

/** The full demo: people, prices, designs and orders in every status. Only fills what is missing. */
export async function seedDemo(db: PrismaClient): Promise<void> {
  await seedCatalogue(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, number>();
  for (const person of people) {
    const { dob, ...rest } = person;
    const user = await db.user.upsert({
      where: { email: person.email },
      create: { ...rest, dob: new Date(dob), passwordHash, status: rest.status ?? "active" },
      update: {},
      select: { id: true },
    });
    ids.set(person.email, user.id);
  }
  const tailors = ["tailor1@example.com", "tailor2@example.com", "tailor3@example.com"].map((email) => ids.get(email)!);
  const feeOf = new Map(
    people
      .filter((person) => person.roles.includes("merchant"))
      .map((person) => [ids.get(person.email)!, person.shippingFee ?? 50]),
  );
  const priced = PATTERN_OPTIONS.filter((option) => CATEGORIES.find((c) => c.key === option.category)?.priced);
  for (const [index, merchantId] of tailors.entries()) {
    await db.partPrice.createMany({
      data: [
        ...priced.map((option) => ({
          merchantId,
          patternSid: option.sid,
          price: partPrice(option.category, option.sid, index),
        })),
        // The first two tailors cut to a customer's measurements; the third does not.
        ...(index < 2 ? [{ merchantId, patternSid: CUSTOM_SIZE, price: customSizePrice(index) }] : []),
      ],
      skipDuplicates: true,
    });
  }
  // Two customers' own measurements (ตัวฉัน), typed in inches.
  const profileIds = new Map<string, number>();
  for (const [email, values] of DEMO_MEASUREMENTS) {
    const userId = ids.get(email)!;
    const profile = await db.measurementProfile.upsert({
      where: { userId_name: { userId, name: "ตัวฉัน" } },
      create: { userId, name: "ตัวฉัน", unit: "in", ...values },
      update: {},
      select: { id: true },
    });
    profileIds.set(email, profile.id);
  }

  // Designs and orders only once: a demo database that already has them is left alone.
  if ((await db.design.count()) > 0) return;

  const [t1, t2, t3] = tailors as [number, number, number];
  const popular = [
    {
      ownerId: t1,
      price: 890,
      baseId: "shirt1",
      collarId: "neck1",
      placketId: "placket2",
      hemId: "hem1",
      armId: "arm1",
      colorId: "color1",
    },
    {
      ownerId: t1,
      price: 1250,
      baseId: "shirt4",
      collarId: "neck4",
      placketId: "placket4",
      hemId: "hem2",
      armId: "arm2",
      colorId: "color2",
    },
    {
      ownerId: t2,
      price: 790,
      baseId: "shirt3",
      collarId: "neck1",
      placketId: "placket1",
      pocketId: "bag2",
      colorId: "color8",
    },
    {
      ownerId: t2,
      price: 950,
      baseId: "shirt2",
      collarId: "neck2",
      placketId: "placket3",
      pocketId: "bag1",
      hemId: "hem3",
      colorId: "color5",
    },
    {
      ownerId: t3,
      price: 1450,
      baseId: "shirt5",
      collarId: "neck5",
      sideId: "side2",
      hemId: "hem4",
      armId: "arm3",
      colorId: "color7",
    },
    {
      ownerId: t3,
      price: 1100,
      baseId: "shirt6",
      collarId: "neck3",
      shoulderId: "seam2",
      hemId: "hem1",
      colorId: "color3",
    },
  ];
  const designIds: number[] = [];
  for (const design of popular) {
    const created = await db.design.create({
      data: {
        ...design,
        type: "design",
        status: "approved",
        fabricId: "fabric2",
        threadId: "thread1",
        sizeId: "size3",
        isTTape: true,
      },
      select: { id: true },
    });
    designIds.push(created.id);
  }
  // Sample photos waiting for the admin's approval.
  await db.design.create({
    data: {
      ownerId: t2,
      type: "upload",
      status: "pending",
      price: 990,
      baseId: "shirt1",
      collarId: "neck2",
      colorId: "color6",
    },
  });
  await db.design.create({
    data: {
      ownerId: t3,
      type: "upload",
      status: "pending",
      price: null,
      baseId: "shirt4",
      collarId: "neck4",
      colorId: "color1",
    },
  });
  await db.design.create({
    data: {
      ownerId: t1,
      type: "upload",
      status: "pending",
      price: 1190,
      baseId: "shirt3",
      collarId: "neck5",
      placketId: "placket1",
      colorId: "color4",
    },
  });
  await db.design.create({
    data: {
      ownerId: t1,
      type: "upload",
      status: "pending",
      price: 850,
      baseId: "shirt6",
      collarId: "neck3",
      hemId: "hem2",
      colorId: "color2",
    },
  });

  const buyer = ids.get("user@example.com")!;
  const somchai = ids.get("somchai@example.com")!;
  const wanpen = ids.get("wanpen@example.com")!;
  const admin = ids.get("admin@example.com")!;
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();

  async function customerDesign(
    ownerId: number,
    parts: {
      baseId: string;
      collarId?: string;
      placketId?: string;
      hemId?: string;
      colorId?: string;
      sizeId?: string;
      measurementProfileId?: number;
    },
  ) {
    const design = await db.design.create({
      data: {
        ownerId,
        type: "design",
        status: "approved",
        price: null,
        fabricId: "fabric1",
        threadId: "thread1",
        sizeId: "size2",
        isTTape: false,
        ...parts,
      },
      select: { id: true },
    });
    return design.id;
  }

  interface OrderSeed {
    buyerId: number;
    sellerId: number | null;
    designId: number;
    name: string;
    quantity: number;
    /** The size the buyer chose: a designer-made design's own size, a shop design's in the buyer's size. */
    sizeId: string;
    unitPrice: number | null;
    status: OrderStatus;
    daysAgo: number;
    path: OrderStatus[];
    /** Paid by PromptPay, confirmed by the tailor a day after it was placed. */
    paid?: boolean;
    /** Sent with Thailand Post under this number, or picked up. */
    delivery?: { trackingNumber: string } | "pickup";
    /** The buyer's review of the tailor, two days after the order was placed (and the tailor's answer). */
    review?: { rating: number; comment?: string; reply?: string };
    /** Cut to the buyer's measurements: frozen on the order (placed) with these price lines. */
    measurements?: { email: string; priceLines: { category: string; sid: string; price: number }[] };
  }
  const buyerAddress = people.find((p) => p.email === "user@example.com")!.address;
  const orders: OrderSeed[] = [
    {
      buyerId: buyer,
      sellerId: null,
      designId: await customerDesign(buyer, {
        baseId: "shirt1",
        collarId: "neck1",
        hemId: "hem2",
        colorId: "color1",
        sizeId: CUSTOM_SIZE,
        measurementProfileId: profileIds.get("user@example.com"),
      }),
      name: "เสื้อเชิ้ตชายแขนยาว",
      quantity: 1,
      sizeId: CUSTOM_SIZE,
      unitPrice: null,
      status: "cart",
      daysAgo: 0,
      path: [],
    },
    {
      buyerId: buyer,
      sellerId: t1,
      designId: designIds[0]!,
      name: "เสื้อเชิ้ตชายแขนยาว",
      quantity: 2,
      sizeId: "size3",
      unitPrice: 890,
      status: "cart",
      daysAgo: 0,
      path: [],
    },
    {
      buyerId: buyer,
      sellerId: t1,
      designId: designIds[1]!,
      name: "เสื้อหญิงแขนกระบอก",
      quantity: 1,
      sizeId: "size2",
      unitPrice: 1250,
      status: "ordered",
      daysAgo: 1,
      path: ["ordered"],
    },
    {
      buyerId: buyer,
      sellerId: t2,
      designId: designIds[2]!,
      name: "เสื้อคอจีนแขนยาว",
      quantity: 1,
      sizeId: "size4",
      unitPrice: 790,
      status: "accepted",
      daysAgo: 5,
      path: ["ordered", "accepted"],
    },
    {
      buyerId: buyer,
      sellerId: t1,
      designId: designIds[0]!,
      name: "เสื้อเชิ้ตชายแขนยาว",
      quantity: 3,
      sizeId: "size3",
      unitPrice: 890,
      status: "completed",
      daysAgo: 20,
      path: ["ordered", "accepted", "completed"],
      paid: true,
      review: {
        rating: 5,
        comment: "เนื้อผ้าดี ลายสวย ตัดพอดีตัวมาก ใส่ไปงานบุญแล้วมีคนถามว่าสั่งที่ไหน",
        reply: "ขอบคุณมากครับ ยินดีตัดให้อีกนะครับ",
      },
    },
    {
      buyerId: buyer,
      sellerId: t3,
      designId: designIds[4]!,
      name: "เสื้อป้ายหญิง",
      quantity: 1,
      sizeId: "size2",
      unitPrice: 1450,
      status: "canceled",
      daysAgo: 12,
      path: ["ordered", "canceled"],
    },
    {
      buyerId: somchai,
      sellerId: t1,
      designId: designIds[0]!,
      name: "เสื้อเชิ้ตชายแขนยาว",
      quantity: 1,
      sizeId: "size3",
      unitPrice: 890,
      status: "ordered",
      daysAgo: 0,
      path: ["ordered"],
    },
    {
      buyerId: somchai,
      sellerId: t2,
      designId: designIds[3]!,
      name: "เสื้อชายแขนสั้นทรงหม้อห้อม",
      quantity: 2,
      sizeId: "size4",
      unitPrice: 950,
      status: "completed",
      daysAgo: 40,
      path: ["ordered", "accepted", "completed"],
      paid: true,
      delivery: { trackingNumber: "EF123456785TH" },
      review: { rating: 4, comment: "ส่งไวและแพ็กมาดี แขนยาวไปนิดหน่อย" },
    },
    // Placed nine days ago and never answered: when the shop starts, it cancels it (ORDER_ACCEPT_DAYS).
    {
      buyerId: somchai,
      sellerId: t3,
      designId: designIds[5]!,
      name: "เสื้อหญิงแขนสามส่วน",
      quantity: 1,
      sizeId: "size1",
      unitPrice: 1100,
      status: "ordered",
      daysAgo: 9,
      path: ["ordered"],
    },
    // A second customer's own design waiting for a tailor (the order e2e tests use one customer per run).
    {
      buyerId: somchai,
      sellerId: null,
      designId: await customerDesign(somchai, {
        baseId: "shirt3",
        collarId: "neck2",
        placketId: "placket1",
        colorId: "color8",
      }),
      name: "เสื้อคอจีนแขนยาว",
      quantity: 1,
      sizeId: "size2",
      unitPrice: null,
      status: "cart",
      daysAgo: 0,
      path: [],
    },
    {
      buyerId: wanpen,
      sellerId: t3,
      designId: designIds[5]!,
      name: "เสื้อหญิงแขนสามส่วน",
      quantity: 1,
      sizeId: "size2",
      unitPrice: 1100,
      status: "accepted",
      daysAgo: 3,
      path: ["ordered", "accepted"],
    },
    // Her own design, cut to her measurements: the tailor's order page and work sheet show them.
    {
      buyerId: wanpen,
      sellerId: t1,
      designId: await customerDesign(wanpen, {
        baseId: "shirt4",
        collarId: "neck4",
        colorId: "color7",
        sizeId: CUSTOM_SIZE,
        measurementProfileId: profileIds.get("wanpen@example.com"),
      }),
      name: "เสื้อหญิงแขนกระบอก",
      quantity: 1,
      sizeId: CUSTOM_SIZE,
      unitPrice: 810,
      status: "accepted",
      daysAgo: 2,
      path: ["ordered", "accepted"],
      measurements: {
        email: "wanpen@example.com",
        priceLines: [
          { category: "shirt", sid: "shirt4", price: 570 },
          { category: "neck", sid: "neck4", price: 90 },
          { category: "size", sid: CUSTOM_SIZE, price: customSizePrice(0) },
        ],
      },
    },
    {
      buyerId: wanpen,
      sellerId: t1,
      designId: designIds[1]!,
      name: "เสื้อหญิงแขนกระบอก",
      quantity: 1,
      sizeId: "size3",
      unitPrice: 1250,
      status: "completed",
      daysAgo: 200,
      path: ["ordered", "accepted", "completed"],
      paid: true,
      delivery: "pickup",
      review: { rating: 5 },
    },
    {
      buyerId: wanpen,
      sellerId: t2,
      designId: designIds[2]!,
      name: "เสื้อคอจีนแขนยาว",
      quantity: 1,
      sizeId: "size2",
      unitPrice: 790,
      status: "canceled",
      daysAgo: 8,
      path: ["ordered", "accepted", "canceled"],
    },
  ];
  for (const order of orders) {
    const createdAt = new Date(now - order.daysAgo * day - 2 * 60 * 60 * 1000);
    const placed = order.status !== "cart";
    const buyerAddressFor =
      order.buyerId === buyer ? buyerAddress : people.find((p) => ids.get(p.email) === order.buyerId)!.address;
    // A placed order keeps its tailor's shipping fee and pays it in its total (issue 45).
    const shippingFee = placed && order.sellerId !== null ? (feeOf.get(order.sellerId) ?? 50) : null;
    const totalPrice =
      order.unitPrice === null ? null : order.unitPrice * order.quantity + (placed ? (shippingFee ?? 0) : 0);
    const at = (hours: number) => new Date(createdAt.getTime() + hours * 60 * 60 * 1000);
    // A taken order has its payment (opened when the tailor accepted it: payments.server.ts).
    const payment =
      order.path.includes("accepted") && totalPrice !== null
        ? {
            create: order.paid
              ? { status: "paid" as const, amount: totalPrice, method: "promptpay" as const, paidAt: at(24) }
              : { status: "unpaid" as const, amount: totalPrice },
          }
        : undefined;
    const sent: DeliveryInput | null =
      order.delivery === undefined
        ? null
        : order.delivery === "pickup"
          ? { method: "pickup", carrier: null, trackingNumber: null }
          : { method: "carrier", carrier: "thailand_post", trackingNumber: order.delivery.trackingNumber };
    const review = order.review;
    await db.order.create({
      data: {
        review:
          review && order.sellerId !== null
            ? {
                create: {
                  authorId: order.buyerId,
                  merchantId: order.sellerId,
                  rating: review.rating,
                  comment: review.comment ?? null,
                  reply: review.reply ?? null,
                  repliedAt: review.reply ? at(72) : null,
                  createdAt: at(48),
                },
              }
            : undefined,
        payment,
        delivery: sent ? { create: sent } : undefined,
        buyerId: order.buyerId,
        sellerId: order.sellerId,
        designId: order.designId,
        name: order.name,
        quantity: order.quantity,
        sizeId: order.sizeId,
        unitPrice: order.unitPrice,
        totalPrice,
        shippingFee,
        ...(order.measurements
          ? {
              priceLines: order.measurements.priceLines,
              measurements: {
                name: "ตัวฉัน",
                unit: "in",
                values: Object.fromEntries(
                  Object.entries(DEMO_MEASUREMENTS.get(order.measurements.email)!).map(([name, value]) => [
                    name,
                    Number(value),
                  ]),
                ),
              },
            }
          : {}),
        status: order.status,
        deliveryAddress: placed ? buyerAddressFor : null,
        orderedAt: placed ? createdAt : null,
        createdAt,
        events: {
          create: [
            ...order.path.map((toStatus, step) => ({
              fromStatus: step === 0 ? "cart" : order.path[step - 1]!,
              toStatus,
              actorId: toStatus === "ordered" ? order.buyerId : (order.sellerId ?? admin),
              actorRole: toStatus === "ordered" ? ("user" as const) : ("merchant" as const),
              createdAt: at(step * 6),
            })),
            ...(order.paid
              ? [
                  {
                    kind: "payment" as const,
                    paymentFrom: "unpaid" as const,
                    paymentTo: "paid" as const,
                    actorId: order.sellerId,
                    actorRole: "merchant" as const,
                    createdAt: at(24),
                  },
                ]
              : []),
            ...(sent
              ? [
                  {
                    kind: "delivery" as const,
                    note: deliveryText(sent),
                    actorId: order.sellerId,
                    actorRole: "merchant" as const,
                    createdAt: at(30),
                  },
                ]
              : []),
          ],
        },
      },
    });
  }
}
