import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { withSharp } from "~/domain/images/sharp.server";
import { seedCatalogue } from "~/domain/setup/seed.server";
import { designerPictureContent, designerPicturePath } from "~/domain/sharing/designer-share";
import { drawPicture, PICTURE_MESSAGES, PREVIEWS_WAITING } from "~/domain/sharing/pictures.server";
import { loader as rootLoader } from "~/root";
import { meta as designerMeta } from "~/routes/designer/design";
import { loader as designPageLoader, meta as designPageMeta } from "~/routes/sharing/design-page";
import { loader as manifestLoader } from "~/routes/sharing/manifest";
import { loader as designPictureLoader } from "~/routes/sharing/picture-design";
import { loader as designerPictureLoader } from "~/routes/sharing/picture-designer";
import { loader as shopPictureLoader } from "~/routes/sharing/picture-shop";
import { loader as sitePictureLoader } from "~/routes/sharing/picture-site";
import { meta as contactMeta } from "~/routes/shop/contact";
import { meta as homeMeta } from "~/routes/shop/home";
import { meta as privacyMeta } from "~/routes/shop/privacy";
import { loader as shopPageLoader, meta as shopPageMeta } from "~/routes/tailor/shop-page";
import { meta as shopsMeta } from "~/routes/tailor/shops";
import { callRoute, isDataWithResponseInit, statusOf } from "../../support/requests";
import { readyShop } from "../../support/shops";
import { createTestUser } from "../../support/users";

/**
 * Issue 50: every shared page kind has its Open Graph and Twitter tags with absolute addresses,
 * and each preview picture is a 1200×630 JPEG under 300 KB at an address that changes with what
 * it shows (and only then).
 */

const ORIGIN = "https://shop.example.org";
const projectRoot = path.resolve(import.meta.dirname, "../../..");

type Descriptor = Record<string, string | undefined>;
// biome-ignore lint/suspicious/noExplicitAny: any route's meta function
type MetaFn = (args: any) => unknown;

/** The tags a page's meta gives, as a chat's crawler reads them: og:* by property, the rest by name. */
function tagsOf(meta: MetaFn, args: Record<string, unknown> = {}): Record<string, string> {
  const descriptors = meta({
    matches: [{ id: "root", loaderData: { origin: ORIGIN } }],
    location: { pathname: "/", search: "", hash: "" },
    params: {},
    ...args,
  }) as Descriptor[];
  const tags: Record<string, string> = {};
  for (const descriptor of descriptors) {
    const key = descriptor.property ?? descriptor.name ?? (descriptor.title !== undefined ? "title" : undefined);
    if (key) tags[key] = descriptor.content ?? descriptor.title ?? "";
  }
  return tags;
}

function expectShareTags(tags: Record<string, string>, url: string) {
  expect(tags["og:title"]).toBeTruthy();
  expect(tags["og:description"]).toBeTruthy();
  expect(tags["og:url"]).toBe(url);
  expect(tags["og:image"]).toMatch(/^https:\/\/shop\.example\.org\/share\/.+\.jpg/);
  expect(tags["twitter:card"]).toBe("summary_large_image");
  expect(tags.description).toBeTruthy();
}

/** The picture at an og:image address, fetched through its route as a crawler would. */
async function fetchPicture(
  // biome-ignore lint/suspicious/noExplicitAny: any picture route's loader
  loader: (args: any) => unknown,
  imageUrl: string,
  params: Record<string, string> = {},
) {
  const url = new URL(imageUrl);
  const response = (await callRoute(loader, `${url.pathname}${url.search}`, { params })) as Response;
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/jpeg");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  const bytes = Buffer.from(await response.arrayBuffer());
  const info = await sharp(bytes).metadata();
  expect(info.format).toBe("jpeg");
  expect([info.width, info.height]).toEqual([1200, 630]);
  expect(bytes.byteLength).toBeLessThan(300 * 1024);
  return bytes;
}

async function shopWithDesigns() {
  const tailor = await createTestUser({ roles: ["merchant"], shopName: "ร้านป้าแก้วผ้าไหม" });
  await readyShop(tailor.id);
  const collar = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt2", collarId: "neck1", status: "approved", price: 1250 },
  });
  const plain = await db().design.create({
    data: { ownerId: tailor.id, baseId: "shirt1", status: "approved", price: 890 },
  });
  return { tailor, collar, plain };
}

/** A shop's page or a design's page as its loader answers it. */
async function pageData(
  // biome-ignore lint/suspicious/noExplicitAny: any page's loader
  loader: (args: any) => unknown,
  pathname: string,
  params: Record<string, string>,
): Promise<unknown> {
  const result = await callRoute(loader, pathname, { params });
  expect(statusOf(result)).toBe(200);
  return isDataWithResponseInit(result) ? result.data : result;
}

beforeAll(async () => {
  if ((await db().patternOption.count()) === 0) await seedCatalogue(db());
});

afterEach(() => {
  delete process.env.PUBLIC_BASE_URL;
});

describe("links that preview (issue 50)", () => {
  it("the root gives every page the shop's public address: PUBLIC_BASE_URL, else the request's own", async () => {
    const originOf = async () => {
      const result = await callRoute(rootLoader, "/");
      return (isDataWithResponseInit(result) ? result.data : result) as { origin: string };
    };
    expect((await originOf()).origin).toBe("http://shop.test");
    process.env.PUBLIC_BASE_URL = "https://shop.example.org/";
    expect((await originOf()).origin).toBe(ORIGIN);
  });

  it("the home page and the silk shops: the shop's own picture with its Thai name", async () => {
    const home = tagsOf(homeMeta);
    expectShareTags(home, `${ORIGIN}/`);
    expect(home["og:title"]).toContain("วิสาหกิจชุมชน");
    const shops = tagsOf(shopsMeta);
    expectShareTags(shops, `${ORIGIN}/merchant/info`);
    expect(shops["og:image"]).toBe(home["og:image"]);
    const first = await fetchPicture(sitePictureLoader, home["og:image"]!);
    // The same address draws the same picture (a crawler and a phone get the same bytes).
    expect((await fetchPicture(sitePictureLoader, home["og:image"]!)).equals(first)).toBe(true);
  });

  it("a shop's page: its name, photo and rating in the picture; the picture's address follows them", async () => {
    const { tailor } = await shopWithDesigns();
    const params = { id: String(tailor.id) };
    const data = await pageData(shopPageLoader, `/merchant/info/${tailor.id}`, params);
    const tags = tagsOf(shopPageMeta, { loaderData: data, params });
    expectShareTags(tags, `${ORIGIN}/merchant/info/${tailor.id}`);
    expect(tags["og:title"]).toContain("ร้านป้าแก้วผ้าไหม");
    const picture = await fetchPicture(shopPictureLoader, tags["og:image"]!, params);
    expect(picture.byteLength).toBeGreaterThan(10_000);
    // An older address of the shop's picture goes on to today's; an unknown shop has none.
    const stale = (await callRoute(shopPictureLoader, `/share/shops/${tailor.id}/0000000000000000.jpg`, {
      params,
    })) as Response;
    expect(stale.status).toBe(302);
    expect(new URL(tags["og:image"]!).pathname).toBe(stale.headers.get("Location"));
    const unknown = (await callRoute(shopPictureLoader, "/share/shops/999999/0000000000000000.jpg", {
      params: { id: "999999" },
    })) as Response;
    expect(unknown.status).toBe(404);
  });

  it("a design's page: the shirt with its price; two designs differ, the same one stays, a new price moves it", async () => {
    const { collar, plain } = await shopWithDesigns();
    const tagsFor = async (id: number) => {
      const params = { id: String(id) };
      const data = await pageData(designPageLoader, `/designs/${id}`, params);
      return tagsOf(designPageMeta, { loaderData: data, params });
    };
    const collarTags = await tagsFor(collar.id);
    expectShareTags(collarTags, `${ORIGIN}/designs/${collar.id}`);
    expect(collarTags["og:title"]).toContain("1,250");
    const plainTags = await tagsFor(plain.id);
    expect(plainTags["og:image"]).not.toBe(collarTags["og:image"]);

    const collarPicture = await fetchPicture(designPictureLoader, collarTags["og:image"]!, { id: String(collar.id) });
    const plainPicture = await fetchPicture(designPictureLoader, plainTags["og:image"]!, { id: String(plain.id) });
    expect(collarPicture.equals(plainPicture)).toBe(false);
    // Stable: the page read again names the same address, and it draws the same picture.
    expect((await tagsFor(collar.id))["og:image"]).toBe(collarTags["og:image"]);
    expect(
      (await fetchPicture(designPictureLoader, collarTags["og:image"]!, { id: String(collar.id) })).equals(
        collarPicture,
      ),
    ).toBe(true);

    // The tailor changes the price: a new address (LINE would keep showing the old picture at the old one).
    await db().design.update({ where: { id: collar.id }, data: { price: 1490 } });
    const repriced = await tagsFor(collar.id);
    expect(repriced["og:image"]).not.toBe(collarTags["og:image"]);
    const newPicture = await fetchPicture(designPictureLoader, repriced["og:image"]!, { id: String(collar.id) });
    expect(newPicture.equals(collarPicture)).toBe(false);
  });

  it("a design not on sale has no page and no picture", async () => {
    const { tailor, plain } = await shopWithDesigns();
    const pending = await db().design.create({
      data: { ownerId: tailor.id, baseId: "shirt1", status: "pending", price: 500 },
    });
    const params = { id: String(pending.id) };
    expect(statusOf(await callRoute(designPageLoader, `/designs/${pending.id}`, { params }))).toBe(404);
    const picture = (await callRoute(designPictureLoader, `/share/designs/${pending.id}/0000000000000000.jpg`, {
      params,
    })) as Response;
    expect(picture.status).toBe(404);
    // A closed shop's designs go with it.
    await db().user.update({ where: { id: tailor.id }, data: { status: "inactive" } });
    expect(
      statusOf(await callRoute(designPageLoader, `/designs/${plain.id}`, { params: { id: String(plain.id) } })),
    ).toBe(404);
  });

  it("the designer link: a picture of the very shirt in its address", async () => {
    const tagsFor = (search: string) => tagsOf(designerMeta, { location: { pathname: "/design", search, hash: "" } });
    const chinese = tagsFor("?category=neck&shirt=shirt2&neck=neck1");
    expectShareTags(chinese, `${ORIGIN}/design?category=shirt&shirt=shirt2&neck=neck1`);
    expect(chinese["og:image"]).toContain("shirt=shirt2&neck=neck1");
    const plain = tagsFor("?category=shirt&shirt=shirt1");
    expect(plain["og:image"]).not.toBe(chinese["og:image"]);
    const chinesePicture = await fetchPicture(designerPictureLoader, chinese["og:image"]!);
    // Drawn anew (not the copy kept in memory), the same parts give the same bytes.
    const again = await drawPicture({ kind: "design", ...designerPictureContent({ shirt: "shirt2", neck: "neck1" }) });
    expect(Buffer.from(again).equals(chinesePicture)).toBe(true);
    const plainPicture = await fetchPicture(designerPictureLoader, plain["og:image"]!);
    expect(chinesePicture.equals(plainPicture)).toBe(false);
    // The parts in the address decide the picture: a key that does not match them goes to the right one.
    const forged = (await callRoute(
      designerPictureLoader,
      "/share/designer/0000000000000000.jpg?shirt=shirt2",
    )) as Response;
    expect(forged.status).toBe(302);
    expect(forged.headers.get("Location")).toMatch(/^\/share\/designer\/[0-9a-f]{16}\.jpg\?shirt=shirt2$/);
  });

  it("the designer's pictures wait in a bounded line: beyond it one is refused at once (503, Retry-After), and a slip waits behind at most that many", async () => {
    // Twelve shirts no other test asks for: each address is drawn, none is in memory yet.
    const choices = ["neck2", "neck3", "neck4", "neck5"].flatMap((neck) =>
      ["shirt3", "shirt4", "shirt5"].map((shirt) => ({ shirt, neck })),
    );
    const done: string[] = [];
    const asked = choices.map((choice) =>
      (callRoute(designerPictureLoader, designerPicturePath(choice)) as Promise<Response>).then((response) => {
        done.push(response.status === 200 ? "picture" : "refused");
        return response;
      }),
    );
    // A buyer's slip goes to sharp after the burst, as an upload would.
    const slip = withSharp(async () => done.push("slip"));
    const answers = await Promise.all(asked);
    await slip;
    const refused = answers.filter((response) => response.status === 503);
    expect(answers.filter((response) => response.status === 200)).toHaveLength(PREVIEWS_WAITING);
    expect(refused).toHaveLength(choices.length - PREVIEWS_WAITING);
    expect(refused[0]!.headers.get("Retry-After")).toBe("5");
    expect(refused[0]!.headers.get("Cache-Control")).toBe("no-store");
    expect(await refused[0]!.text()).toBe(PICTURE_MESSAGES.busy);
    expect(done.slice(0, done.indexOf("slip")).filter((what) => what === "picture").length).toBeLessThanOrEqual(
      PREVIEWS_WAITING,
    );
    // Refused is not remembered: once the line is free the same address is drawn.
    const again = answers.findIndex((response) => response.status === 503);
    await fetchPicture(designerPictureLoader, `http://shop.test${designerPicturePath(choices[again]!)}`);
  });

  it("the privacy notice and the contact page say what they are", () => {
    expect(tagsOf(privacyMeta).description).toContain("ข้อมูลส่วนบุคคล");
    expect(tagsOf(contactMeta).description).toContain("อีเมล");
  });
});

describe("an installable shop (issue 50)", () => {
  it("/manifest.webmanifest: Thai names, standalone, and icons 192 and 512 (one maskable) that are there", async () => {
    const response = (await callRoute(manifestLoader, "/manifest.webmanifest")) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest.name).toMatch(/[\u0E00-\u0E7F]/);
    expect(manifest.short_name).toMatch(/[\u0E00-\u0E7F]/);
    expect(manifest).toMatchObject({ lang: "th", start_url: "/", display: "standalone" });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of [192, 512]) {
      expect(manifest.icons.some((icon) => icon.sizes === `${size}x${size}` && icon.purpose === "any")).toBe(true);
    }
    expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
    for (const icon of manifest.icons) {
      const file = path.join(projectRoot, "public", icon.src);
      const info = await sharp(readFileSync(file)).metadata();
      expect(`${info.width}x${info.height}`).toBe(icon.sizes);
      expect(info.format).toBe("png");
    }
    expect(existsSync(path.join(projectRoot, "public", "favicon.ico"))).toBe(true);
    expect(
      (await sharp(readFileSync(path.join(projectRoot, "public/icons/apple-touch-icon.png"))).metadata()).width,
    ).toBe(180);
  });
});
