import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { CATEGORY_KEYS } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { loader as assets } from "~/routes/designer/api.assets";
import { action as designApi } from "~/routes/designer/api.design";
import { loader as designPreview } from "~/routes/designer/api.design-preview";
import { loader as images } from "~/routes/designer/api.images";
import { action as merchantDesignApi } from "~/routes/designer/api.merchant-design";
import { loader as patterns } from "~/routes/designer/api.patterns";
import { loader as popularDesigns } from "~/routes/designer/api.popular-designs";
import { callRoute } from "../support/requests";
import { signedIn } from "../support/users";

async function png(width = 600, height = 600): Promise<string> {
  const bytes = await sharp({ create: { width, height, channels: 4, background: "#1f2a5a" } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${bytes.toString("base64")}`;
}
async function jpegBytes(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: "#a3322b" } })
    .jpeg()
    .toBuffer();
}
const asJson = (result: unknown) => (result as Response).json();
const counts = async () => ({
  designs: await db().design.count(),
  orders: await db().order.count(),
  images: await db().storedImage.count(),
});

const cartPayload = {
  baseId: "shirt2",
  collarId: "neck1",
  placketId: "placket3",
  shoulderId: null,
  pocketId: "bag2",
  sideId: null,
  armId: "arm2",
  hemId: "hem3",
  colorId: "color5",
  fabricId: "fabric1",
  threadId: "thread2",
  isTTape: true,
  sizeId: "size3",
  quantity: 2,
};

beforeAll(async () => {
  await seedCatalogue(db());
});

describe("GET /api/patterns/{kind}", () => {
  it("lists every option of each of the 13 kinds with sid, url, category, name, label and color", async () => {
    for (const kind of CATEGORY_KEYS) {
      const result = await callRoute(patterns, `/api/patterns/${kind}`, { params: { kind } });
      expect((result as Response).status).toBe(200);
      const rows = (await asJson(result)) as Record<string, unknown>[];
      const expected = PATTERN_OPTIONS.filter((option) => option.category === kind);
      expect(rows.map((row) => row.sid)).toEqual(expected.map((option) => option.sid));
      for (const [index, row] of rows.entries()) {
        expect(row).toEqual({
          sid: expected[index]!.sid,
          url: `/api/assets/patterns/${expected[index]!.sid}.svg`,
          category: kind,
          name: expected[index]!.labelTh,
          label: { th: expected[index]!.labelTh, en: expected[index]!.labelEn },
          color: expected[index]!.color ?? null,
        });
      }
    }
  });

  it("answers 404 for an unknown kind", async () => {
    const result = await callRoute(patterns, "/api/patterns/shoes", { params: { kind: "shoes" } });
    expect((result as Response).status).toBe(404);
    expect(await asJson(result)).toEqual({ error: expect.any(String) });
  });
});

describe("GET /api/assets/...", () => {
  it("serves every option's artwork as SVG, cached for a year, and nothing else", async () => {
    for (const option of PATTERN_OPTIONS) {
      const response = (await callRoute(assets, `/api/assets/patterns/${option.sid}.svg`, {
        params: { "*": `patterns/${option.sid}.svg` },
      })) as Response;
      expect(response.status, option.sid).toBe(200);
      expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
      expect(response.headers.get("Cache-Control")).toContain("immutable");
      expect(await response.text()).toMatch(/^<svg xmlns/);
    }
    const coloured = (await callRoute(assets, "/api/assets/patterns/shirt3.svg?fill=a3322b", {
      params: { "*": "patterns/shirt3.svg" },
    })) as Response;
    expect(await coloured.text()).toContain("#a3322b");
    const card = (await callRoute(assets, "/api/assets/patterns/placket2.svg?fill=a3322b&view=card", {
      params: { "*": "patterns/placket2.svg" },
    })) as Response;
    expect(await card.text()).toMatch(/^<svg[^>]+viewBox="0 0 100 100"/);
    for (const bad of ["patterns/../../etc/passwd", "patterns/shirt9.svg", "other/shirt1.svg"]) {
      expect(((await callRoute(assets, `/api/assets/${bad}`, { params: { "*": bad } })) as Response).status).toBe(404);
    }
  });
});

describe("POST /api/design", () => {
  it("puts a customer's design and a cart item in the database, with the canvas picture", async () => {
    const { user, cookie } = await signedIn({ roles: ["user"] });
    const result = await callRoute(designApi, "/api/design", {
      cookie,
      json: { ...cartPayload, image: await png(), layout: { bag: { left: 150, top: 160, scaleX: 1.2, scaleY: 1.2 } } },
    });
    expect((result as Response).status).toBe(201);
    const body = (await asJson(result)) as { designId: number; cartItemId: number; message: string };
    expect(body.message).toBe("เพิ่มลงตะกร้าเรียบร้อยแล้ว");
    const design = await db().design.findUniqueOrThrow({ where: { id: body.designId }, include: { image: true } });
    expect(design).toMatchObject({
      ownerId: user.id,
      type: "design",
      status: "approved",
      price: null,
      baseId: "shirt2",
      collarId: "neck1",
      pocketId: "bag2",
      isTTape: true,
      sizeId: "size3",
    });
    expect(design.layout).toEqual({ bag: { left: 150, top: 160, scaleX: 1.2, scaleY: 1.2 } });
    expect(design.image).toMatchObject({ contentType: "image/png", width: 600, height: 600 });
    const item = await db().order.findUniqueOrThrow({ where: { id: body.cartItemId } });
    expect(item).toMatchObject({
      buyerId: user.id,
      designId: design.id,
      status: "cart",
      quantity: 2,
      name: "เสื้อชายแขนสั้นทรงหม้อห้อม",
      sizeId: "size3",
      sellerId: null,
      totalPrice: null,
    });

    // The picture is served by id, with its type, an ETag and a long cache.
    const served = (await callRoute(images, `/api/images/${design.imageId}`, {
      params: { id: String(design.imageId) },
    })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("ETag")).toBe(`"${design.image!.sha256}"`);
    expect(served.headers.get("Cache-Control")).toContain("max-age=31536000");
    const again = (await callRoute(images, `/api/images/${design.imageId}`, {
      params: { id: String(design.imageId) },
      headers: { "If-None-Match": `"${design.image!.sha256}"` },
    })) as Response;
    expect(again.status).toBe(304);
  });

  it("draws the picture itself when none is sent", async () => {
    const { cookie } = await signedIn({ roles: ["user"] });
    const result = await callRoute(designApi, "/api/design", {
      cookie,
      json: { baseId: "shirt4", collarId: "neck5", sizeId: "size1", quantity: 1 },
    });
    expect((result as Response).status).toBe(201);
    const { designId } = (await asJson(result)) as { designId: number };
    const design = await db().design.findUniqueOrThrow({ where: { id: designId }, include: { image: true } });
    expect(design.image).toMatchObject({ contentType: "image/png", width: 1000, height: 1000 });
  });

  it("refuses bad payloads with a Thai error and writes nothing", async () => {
    const { cookie } = await signedIn({ roles: ["user"] });
    const before = await counts();
    const jpeg = `data:image/png;base64,${(await jpegBytes()).toString("base64")}`;
    const text = `data:image/png;base64,${Buffer.from("not an image at all, just words").toString("base64")}`;
    const hugeHeader = Buffer.from(
      await await sharp({ create: { width: 100, height: 100, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    hugeHeader.writeUInt32BE(50_000, 16);
    const bad: [string, unknown][] = [
      ["missing base shirt", { ...cartPayload, baseId: undefined }],
      ["unknown shirt", { ...cartPayload, baseId: "shirt99" }],
      ["a pocket in the collar field", { ...cartPayload, collarId: "bag1" }],
      ["zero quantity", { ...cartPayload, quantity: 0 }],
      ["fractional quantity", { ...cartPayload, quantity: 1.5 }],
      ["a JPEG called PNG", { ...cartPayload, image: jpeg }],
      ["text called PNG", { ...cartPayload, image: text }],
      ["absurd PNG dimensions", { ...cartPayload, image: `data:image/png;base64,${hugeHeader.toString("base64")}` }],
      ["a tiny PNG", { ...cartPayload, image: await png(10, 10) }],
      ["moving the base shirt", { ...cartPayload, layout: { shirt: { left: 5 } } }],
      ["not an object", [1, 2, 3]],
    ];
    for (const [reason, json] of bad) {
      const result = await callRoute(designApi, "/api/design", { cookie, json });
      expect((result as Response).status, reason).toBe(400);
      const { error } = (await asJson(result)) as { error: string };
      expect(error, reason).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await counts()).toEqual(before);
  });

  it("needs a signed-in customer", async () => {
    const before = await counts();
    expect(((await callRoute(designApi, "/api/design", { json: cartPayload })) as Response).status).toBe(401);
    const { cookie } = await signedIn({ roles: ["admin"] });
    expect(((await callRoute(designApi, "/api/design", { cookie, json: cartPayload })) as Response).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("saves a tailor's design as approved with its price, and needs the picture", async () => {
    const { user, cookie } = await signedIn({ roles: ["merchant"] });
    const payload = {
      ...cartPayload,
      quantity: undefined,
      isTTape: false,
      price: 0,
      type: "design",
      status: "approved",
    };
    const missing = await callRoute(designApi, "/api/design", { cookie, json: payload });
    expect((missing as Response).status).toBe(400);
    expect(await asJson(missing)).toEqual({ error: "กรุณาสร้างภาพก่อนบันทึก" });

    const result = await callRoute(designApi, "/api/design", {
      cookie,
      json: { ...payload, image: await png(1000, 1000), price: "850.5" },
    });
    expect((result as Response).status).toBe(201);
    const { id, message } = (await asJson(result)) as { id: number; message: string };
    expect(message).toBe("บันทึกการออกแบบเรียบร้อย");
    expect(await db().design.findUniqueOrThrow({ where: { id } })).toMatchObject({
      ownerId: user.id,
      type: "design",
      status: "approved",
      isTTape: false,
    });
    expect(Number((await db().design.findUniqueOrThrow({ where: { id } })).price)).toBe(850.5);
    expect(await db().order.count({ where: { designId: id } })).toBe(0);
  });
});

describe("a tailor's designs: GET /api/design/merchant/popular_designs and PUT /api/design/merchant/{id}", () => {
  async function tailorWithDesign() {
    const tailor = await signedIn({ roles: ["merchant"] });
    const design = await db().design.create({
      data: {
        ownerId: tailor.user.id,
        baseId: "shirt1",
        collarId: "neck2",
        price: 500,
        type: "design",
        status: "approved",
      },
    });
    return { ...tailor, design };
  }
  const put = (id: number, cookie: string | undefined, json: unknown) =>
    callRoute(merchantDesignApi, `/api/design/merchant/${id}`, {
      method: "PUT",
      cookie,
      json,
      params: { id: String(id) },
    });

  it("lists only the tailor's own designs in the design model", async () => {
    const mine = await tailorWithDesign();
    await tailorWithDesign();
    const result = await callRoute(popularDesigns, "/api/design/merchant/popular_designs", { cookie: mine.cookie });
    const rows = (await asJson(result)) as Record<string, unknown>[];
    expect(rows).toEqual([
      expect.objectContaining({
        id: mine.design.id,
        image: `/api/designs/${mine.design.id}/preview.svg`,
        type: "design",
        status: "approved",
        price: 500,
        orderCount: 0,
        totalRevenue: 0,
        userModel: { name: mine.user.name },
        baseId: "shirt1",
        collarId: "neck2",
        isTTape: false,
      }),
    ]);
    const customer = await signedIn({ roles: ["user"] });
    expect(
      (
        (await callRoute(popularDesigns, "/api/design/merchant/popular_designs", {
          cookie: customer.cookie,
        })) as Response
      ).status,
    ).toBe(403);
  });

  it("sets the price: a number or numeric text of at least 0; anything else is refused (decision 46)", async () => {
    const { cookie, design } = await tailorWithDesign();
    const priceNow = async () => Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price);
    expect(((await put(design.id, cookie, { price: 1234.5 })) as Response).status).toBe(200);
    expect(await priceNow()).toBe(1234.5);
    const negative = await put(design.id, cookie, { price: -1 });
    expect((negative as Response).status).toBe(400);
    expect(await priceNow()).toBe(1234.5);
    expect(((await put(design.id, cookie, { price: " 99.5 " })) as Response).status).toBe(200);
    expect(await priceNow()).toBe(99.5);
    for (const price of [true, false, null, {}, [], [5], "สองร้อย", "", "  ", "Infinity", undefined]) {
      const refused = await put(design.id, cookie, price === undefined ? {} : { price });
      expect((refused as Response).status, JSON.stringify(price)).toBe(400);
      expect(await asJson(refused)).toEqual({ error: "กรุณาระบุราคาเป็นตัวเลข" });
      const upload = await put(design.id, cookie, { type: "upload", image: "data:image/png;base64,AAAA", price });
      if (price !== undefined) expect(await asJson(upload)).toEqual({ error: "กรุณาระบุราคาเป็นตัวเลข" });
    }
    expect(await priceNow()).toBe(99.5);
  });

  it("refuses a tailor's new design whose price is not a number, and saves nothing", async () => {
    const { cookie } = await signedIn({ roles: ["merchant"] });
    const before = await counts();
    for (const price of [true, null, {}, [], "abc", ""]) {
      const refused = await callRoute(designApi, "/api/design", {
        cookie,
        json: { ...cartPayload, quantity: undefined, image: await png(), price, type: "design", status: "approved" },
      });
      expect((refused as Response).status, JSON.stringify(price)).toBe(400);
      expect(await asJson(refused)).toEqual({ error: "กรุณาระบุราคาเป็นตัวเลข" });
    }
    expect(await counts()).toEqual(before);
  });

  it("takes a sample photo: re-encoded, type upload, status pending", async () => {
    const { cookie, design } = await tailorWithDesign();
    const photo = `data:image/jpeg;base64,${(await jpegBytes()).toString("base64")}`;
    const result = await put(design.id, cookie, { type: "upload", image: photo, price: 700, status: "pending" });
    expect((result as Response).status).toBe(200);
    expect(await asJson(result)).toMatchObject({ message: "อัพเดทการออกแบบเรียบร้อย" });
    const saved = await db().design.findUniqueOrThrow({ where: { id: design.id }, include: { image: true } });
    expect(saved).toMatchObject({ type: "upload", status: "pending" });
    expect(Number(saved.price)).toBe(700);
    expect(saved.image).toMatchObject({ contentType: "image/jpeg", width: 900, height: 700 });
  });

  it("refuses what is not a JPEG, PNG or WebP photo, or is too big, and changes nothing", async () => {
    const { cookie, design } = await tailorWithDesign();
    const before = await counts();
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64")}`;
    const renamed = `data:image/jpeg;base64,${Buffer.from("hello, I am a text file").toString("base64")}`;
    const huge = `data:image/jpeg;base64,${Buffer.alloc(6 * 1024 * 1024, 0xff).toString("base64")}`;
    const gif = `data:image/gif;base64,${Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;").toString("base64")}`;
    for (const image of [svg, renamed, huge, gif, "not a data url"]) {
      const result = await put(design.id, cookie, { type: "upload", image, status: "pending" });
      expect((result as Response).status).toBe(400);
    }
    expect(await counts()).toEqual(before);
    expect(await db().design.findUniqueOrThrow({ where: { id: design.id } })).toMatchObject({
      type: "design",
      status: "approved",
      imageId: null,
    });
  });

  it("lets only the owning tailor change a design", async () => {
    const { design } = await tailorWithDesign();
    const other = await signedIn({ roles: ["merchant"] });
    const result = await put(design.id, other.cookie, { price: 1 });
    expect((result as Response).status).toBe(403);
    expect(((await put(design.id, undefined, { price: 1 })) as Response).status).toBe(401);
    expect(((await put(999_999, other.cookie, { price: 1 })) as Response).status).toBe(404);
    expect(Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price)).toBe(500);
  });

  it("saves the design edited in the designer (PUT with the merchant payload)", async () => {
    const { cookie, design } = await tailorWithDesign();
    const result = await put(design.id, cookie, {
      ...cartPayload,
      quantity: undefined,
      baseId: "shirt6",
      price: 990,
      image: await png(),
      type: "design",
      status: "approved",
    });
    expect((result as Response).status).toBe(200);
    const saved = await db().design.findUniqueOrThrow({ where: { id: design.id } });
    expect(saved).toMatchObject({ baseId: "shirt6", collarId: "neck1", pocketId: "bag2" });
    expect(saved.imageId).not.toBeNull();
  });

  it("draws any design's preview from its parts", async () => {
    const { design } = await tailorWithDesign();
    const response = (await callRoute(designPreview, `/api/designs/${design.id}/preview.svg`, {
      params: { id: String(design.id) },
    })) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("image/svg+xml");
    const svg = await response.text();
    expect(svg).toContain("<title>เสื้อเชิ้ตชายแขนยาว</title>");
    expect(
      ((await callRoute(designPreview, "/api/designs/424242/preview.svg", { params: { id: "424242" } })) as Response)
        .status,
    ).toBe(404);
  });
});
