import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { action as designAction, loader as designLoader } from "~/routes/designer/design";
import { action as editAction, loader as editLoader } from "~/routes/designer/popular-design-edit";
import { action as popularAction, loader as popularLoader } from "~/routes/designer/popular-designs";
import { callRoute, fullNoticeOf, isDataWithResponseInit, locationOf, noticeOf, statusOf } from "../support/requests";
import { signedIn } from "../support/users";

/** The designer's forms as a browser without JavaScript sends them (the hidden fields of the page). */
const designForm = {
  baseId: "shirt3",
  collarId: "neck1",
  placketId: "placket4",
  shoulderId: "",
  pocketId: "",
  sideId: "",
  armId: "arm3",
  hemId: "",
  colorId: "color8",
  fabricId: "",
  threadId: "",
  isTTape: "false",
  sizeId: "size4",
  layout: "{}",
  image: "",
};
const counts = async () => ({
  designs: await db().design.count(),
  orders: await db().order.count(),
  images: await db().storedImage.count(),
});
/** The form's own refusal (components/forms.tsx: `{ result }`, errors under ""). */
const formErrorsOf = (result: unknown) =>
  (result as { data: { result: { error: Record<string, string[]> } } }).data.result.error[""];

beforeAll(async () => {
  await seedCatalogue(db());
});

/** A design card's refusal, answered on the page itself (the card it names, which form, why). */
function cardRefusalOf(result: unknown) {
  if (!isDataWithResponseInit(result)) return null;
  return (
    (result.data as { card?: { designId: number | null; form: string; result: { error?: Record<string, string[]> } } })
      .card ?? null
  );
}

describe("/design", () => {
  it("puts the tab in the address when it is missing", async () => {
    const result = await callRoute(designLoader, "/design?shirt=shirt2");
    expect(locationOf(result)).toBe("/design?shirt=shirt2&category=shirt");
    expect(locationOf(await callRoute(designLoader, "/design.data"))).toBe("/design?category=shirt");
    // A visitor and a customer also get the price from the start (shipping.test.ts checks it).
    expect(await callRoute(designLoader, "/design?category=neck")).toMatchObject({ mode: "visitor", profiles: [] });
    const { cookie } = await signedIn({ roles: ["user"] });
    expect(await callRoute(designLoader, "/design?category=neck", { cookie })).toMatchObject({
      mode: "customer",
      profiles: [],
    });
    const tailor = await signedIn({ roles: ["merchant"] });
    expect(await callRoute(designLoader, "/design?category=neck", { cookie: tailor.cookie })).toMatchObject({
      mode: "tailor",
      profiles: [],
    });
  });

  it("adds the design to the cart without JavaScript (the server draws the picture), then goes to /cart", async () => {
    const { user, cookie } = await signedIn({ roles: ["user"] });
    const result = await callRoute(designAction, "/design?category=neck", {
      cookie,
      form: { intent: "add-to-cart", ...designForm, quantity: "3" },
    });
    expect(locationOf(result)).toBe("/cart");
    expect(await noticeOf(result)).toEqual({ type: "success", message: "เพิ่มลงตะกร้าเรียบร้อยแล้ว" });
    const item = await db().order.findFirstOrThrow({
      where: { buyerId: user.id },
      include: { design: { include: { image: true } } },
    });
    expect(item).toMatchObject({ status: "cart", quantity: 3, name: "เสื้อคอจีนแขนยาว" });
    expect(item.design).toMatchObject({
      baseId: "shirt3",
      collarId: "neck1",
      placketId: "placket4",
      shoulderId: null,
      colorId: "color8",
      sizeId: "size4",
      isTTape: false,
    });
    expect(item.design.image).toMatchObject({ contentType: "image/png", width: 1000 });
  });

  it("keeps visitors and other roles out, and refuses bad forms, writing nothing", async () => {
    const before = await counts();
    const visitor = await callRoute(designAction, "/design", {
      form: { intent: "add-to-cart", ...designForm, quantity: "1" },
    });
    expect(locationOf(visitor)).toMatch(/^\/login/);
    const tailor = await signedIn({ roles: ["merchant"] });
    expect(
      locationOf(
        await callRoute(designAction, "/design", { cookie: tailor.cookie, form: { ...designForm, quantity: "1" } }),
      ),
    ).toBe("/");
    const { cookie } = await signedIn({ roles: ["user"] });
    for (const form of [
      { ...designForm, collarId: "bag1", quantity: "1" },
      { ...designForm, quantity: "0" },
      { ...designForm, quantity: "many" },
      { ...designForm, quantity: "1", image: "data:image/png;base64,aGVsbG8=" },
      { ...designForm, quantity: "1", layout: "{not json" },
    ]) {
      const result = await callRoute(designAction, "/design", { cookie, form });
      expect(statusOf(result)).toBe(400);
      expect(formErrorsOf(result)?.[0]).toMatch(/[\u0E00-\u0E7F]/);
    }
    expect(await counts()).toEqual(before);
  });
});

describe("/merchant/popular_design", () => {
  it("is for tailors only", async () => {
    expect(locationOf(await callRoute(popularLoader, "/merchant/popular_design?category=shirt"))).toMatch(/^\/login/);
    const customer = await signedIn({ roles: ["user"] });
    expect(
      locationOf(
        await callRoute(popularLoader, "/merchant/popular_design?category=shirt", { cookie: customer.cookie }),
      ),
    ).toBe("/");
    expect(
      locationOf(
        await callRoute(popularAction, "/merchant/popular_design", {
          cookie: customer.cookie,
          form: { intent: "price", designId: "1", price: "5" },
        }),
      ),
    ).toBe("/");
  });

  it("saves a design from the designer as approved, price 0, then shows the list", async () => {
    const { user, cookie } = await signedIn({ roles: ["merchant"] });
    const result = await callRoute(popularAction, "/merchant/popular_design?category=neck", {
      cookie,
      form: { intent: "save-design", ...designForm },
    });
    expect(locationOf(result)).toBe("/merchant/popular_design?category=shirt");
    // Saved without a price: the spec's 0, and the notice says it is not for sale yet.
    expect(await fullNoticeOf(result)).toEqual({
      type: "success",
      message: "บันทึกการออกแบบเรียบร้อย",
      description: "แบบนี้ยังไม่กำหนดราคา จึงยังไม่แสดงในหน้าร้านและสั่งซื้อไม่ได้",
    });
    const design = await db().design.findFirstOrThrow({ where: { ownerId: user.id } });
    expect(design).toMatchObject({ type: "design", status: "approved", baseId: "shirt3" });
    expect(Number(design.price)).toBe(0);
    expect(design.imageId).not.toBeNull();
    const page = await callRoute(popularLoader, "/merchant/popular_design?category=shirt", { cookie });
    expect((page as { designs: { id: number }[] }).designs.map((d) => d.id)).toEqual([design.id]);
  });

  it("saves a design with the price asked for in the save form; a negative one is refused", async () => {
    const { user, cookie } = await signedIn({ roles: ["merchant"] });
    const result = await callRoute(popularAction, "/merchant/popular_design?category=shirt", {
      cookie,
      form: { intent: "save-design", ...designForm, price: "1290" },
    });
    expect(await fullNoticeOf(result)).toEqual({ type: "success", message: "บันทึกการออกแบบเรียบร้อย" });
    const design = await db().design.findFirstOrThrow({ where: { ownerId: user.id } });
    expect(Number(design.price)).toBe(1290);
    const negative = await callRoute(popularAction, "/merchant/popular_design?category=shirt", {
      cookie,
      form: { intent: "save-design", ...designForm, price: "-5" },
    });
    expect(statusOf(negative)).toBe(400);
    expect(await db().design.count({ where: { ownerId: user.id } })).toBe(1);
    // Editing in the designer carries the price field too.
    const edited = await callRoute(editAction, `/merchant/popular_design/${design.id}?category=shirt`, {
      cookie,
      params: { id: String(design.id) },
      form: { intent: "save-design", ...designForm, price: "990" },
    });
    expect(locationOf(edited)).toBe("/merchant/popular_design?category=shirt");
    expect(Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price)).toBe(990);
  });

  it("edits the price and takes a sample photo; refuses bad ones and others' designs", async () => {
    const { user, cookie } = await signedIn({ roles: ["merchant"] });
    const design = await db().design.create({ data: { ownerId: user.id, baseId: "shirt1", price: 100 } });
    const designId = String(design.id);

    const priced = await callRoute(popularAction, "/merchant/popular_design.data?category=shirt", {
      cookie,
      form: { intent: "price", designId, price: "450.25" },
      headers: { Referer: "http://shop.test/merchant/popular_design?category=neck&shirt=shirt2&neck=neck4" },
    });
    // Back to the designer as the tailor last saw it.
    expect(locationOf(priced)).toBe("/merchant/popular_design?category=neck&shirt=shirt2&neck=neck4");
    expect(await noticeOf(priced)).toEqual({ type: "success", message: "อัพเดทการออกแบบเรียบร้อย" });
    expect(Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price)).toBe(450.25);
    const negative = await callRoute(popularAction, "/merchant/popular_design?category=shirt", {
      cookie,
      form: { intent: "price", designId, price: "-3" },
    });
    // Refused on the page itself, beside that card's price (errors stay).
    expect(statusOf(negative)).toBe(400);
    expect(cardRefusalOf(negative)).toMatchObject({ designId: design.id, form: "price" });
    expect(cardRefusalOf(negative)?.result.error?.price?.[0]).toMatch(/[\u0E00-\u0E7F]/);
    expect(Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price)).toBe(450.25);
    // The form keeps the spec's "non-numeric becomes 0" (the JSON calls refuse it: decision 46).
    const words = await callRoute(popularAction, "/merchant/popular_design?category=shirt", {
      cookie,
      form: { intent: "price", designId, price: "สองร้อย" },
    });
    // 0 takes the design off sale: a warning that says so, not a plain success.
    expect(await fullNoticeOf(words)).toEqual({
      type: "warning",
      message: "อัพเดทการออกแบบเรียบร้อย",
      description: "แบบนี้ยังไม่กำหนดราคา จึงยังไม่แสดงในหน้าร้านและสั่งซื้อไม่ได้",
    });
    expect(Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price)).toBe(0);
    await db().design.update({ where: { id: design.id }, data: { price: 450.25 } });

    // No photo chosen (a browser without JavaScript sends an empty file part): the photo field's reason.
    const none = await callRoute(popularAction, "/merchant/popular_design?category=shirt", {
      cookie,
      form: { intent: "upload", designId, photo: new File([], "") },
    });
    expect(statusOf(none)).toBe(400);
    expect(cardRefusalOf(none)?.result.error?.photo).toEqual(["กรุณาเลือกไฟล์รูปภาพ"]);

    const text = new File(["just text, not a photo"], "photo.jpg", { type: "image/jpeg" });
    const refused = await callRoute(popularAction, "/merchant/popular_design.data?category=shirt", {
      cookie,
      form: { intent: "upload", designId, photo: text },
    });
    // The page again with the reason beside that card's photo, and (a script's request) the notice.
    expect(statusOf(refused)).toBe(400);
    expect(cardRefusalOf(refused)).toMatchObject({ designId: design.id, form: "upload" });
    expect(cardRefusalOf(refused)?.result.error?.[""]?.[0]).toBe("รองรับเฉพาะรูปภาพ JPEG, PNG หรือ WebP");
    expect(await noticeOf(refused)).toEqual({ type: "error", message: "เกิดข้อผิดพลาดในการอัพโหลดรูปภาพ" });
    expect(await db().design.findUniqueOrThrow({ where: { id: design.id } })).toMatchObject({
      type: "design",
      imageId: null,
    });

    const webp = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#4f7a3a" } })
      .webp()
      .toBuffer();
    const uploaded = await callRoute(popularAction, "/merchant/popular_design", {
      cookie,
      form: { intent: "upload", designId, photo: new File([webp], "x.webp") },
    });
    expect(await fullNoticeOf(uploaded)).toEqual({
      type: "success",
      message: "อัพเดทการออกแบบเรียบร้อย",
      description: "รูปตัวอย่างรอผู้ดูแลระบบอนุมัติ ระหว่างนี้แบบนี้ไม่แสดงในหน้าร้าน",
    });
    const saved = await db().design.findUniqueOrThrow({ where: { id: design.id }, include: { image: true } });
    expect(saved).toMatchObject({ type: "upload", status: "pending" });
    // Resized on the server to at most 1200 px and re-encoded.
    expect(saved.image).toMatchObject({ contentType: "image/jpeg", width: 1200, height: 800 });

    const tooBig = new File([new Uint8Array(9 * 1024 * 1024)], "huge.jpg", { type: "image/jpeg" });
    const huge = await callRoute(popularAction, "/merchant/popular_design?category=shirt", {
      cookie,
      form: { intent: "upload", designId, photo: tooBig },
    });
    // Over the photo's 5 MB: refused beside that card's photo.
    expect(cardRefusalOf(huge)).toMatchObject({ designId: design.id, form: "upload" });
    expect(statusOf(huge)).toBeGreaterThanOrEqual(400);
    expect(await db().design.findUniqueOrThrow({ where: { id: design.id } })).toMatchObject({
      type: "upload",
      status: "pending",
      imageId: saved.imageId,
    });

    const other = await signedIn({ roles: ["merchant"] });
    const foreign = await callRoute(popularAction, "/merchant/popular_design", {
      cookie: other.cookie,
      form: { intent: "price", designId, price: "1" },
    });
    expect(cardRefusalOf(foreign)).toMatchObject({ designId: design.id, form: "price" });
    expect(statusOf(foreign)).toBeGreaterThanOrEqual(400);
    expect(Number((await db().design.findUniqueOrThrow({ where: { id: design.id } })).price)).toBe(450.25);
  });
});

describe("/merchant/popular_design/{id}", () => {
  it("opens the owner's design in the designer and saves the edit; others are refused", async () => {
    const { user, cookie } = await signedIn({ roles: ["merchant"] });
    const design = await db().design.create({
      data: {
        ownerId: user.id,
        baseId: "shirt5",
        collarId: "neck3",
        colorId: "color7",
        price: 900,
        layout: { neck: { left: 190, top: 40 } },
      },
    });
    const params = { id: String(design.id) };
    const path = `/merchant/popular_design/${design.id}`;

    expect(locationOf(await callRoute(editLoader, path, { cookie, params }))).toBe(
      `${path}?category=shirt&shirt=shirt5&neck=neck3&color=color7`,
    );
    const page = await callRoute(editLoader, `${path}?category=neck&shirt=shirt5&neck=neck3`, { cookie, params });
    expect(page).toMatchObject({ design: { id: design.id }, layout: { neck: { left: 190, top: 40 } } });

    const other = await signedIn({ roles: ["merchant"] });
    expect(statusOf(await callRoute(editLoader, `${path}?category=shirt`, { cookie: other.cookie, params }))).toBe(403);
    expect(
      statusOf(
        await callRoute(editLoader, "/merchant/popular_design/987654?category=shirt", {
          cookie,
          params: { id: "987654" },
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        await callRoute(editAction, path, {
          cookie: other.cookie,
          params,
          form: { intent: "save-design", ...designForm },
        }),
      ),
    ).toBe(403);
    expect(await db().design.findUniqueOrThrow({ where: { id: design.id } })).toMatchObject({ baseId: "shirt5" });

    const saved = await callRoute(editAction, `${path}?category=neck`, {
      cookie,
      params,
      form: { intent: "save-design", ...designForm },
    });
    expect(locationOf(saved)).toBe("/merchant/popular_design?category=shirt");
    expect(await noticeOf(saved)).toEqual({ type: "success", message: "บันทึกการออกแบบเรียบร้อย" });
    const after = await db().design.findUniqueOrThrow({ where: { id: design.id } });
    expect(after).toMatchObject({ baseId: "shirt3", collarId: "neck1", colorId: "color8", ownerId: user.id });
    // The price stays what the tailor set.
    expect(Number(after.price)).toBe(900);
  });
});
