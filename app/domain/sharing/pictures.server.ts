import { existsSync } from "node:fs";
import path from "node:path";
import { site } from "~/content/site";
import { compose } from "~/domain/designer/compose";
import { compositionSvg } from "~/domain/designer/preview-svg";
import { type Choice, type Overrides, optionsOf } from "~/domain/designer/selection";
import { DomainError } from "~/domain/errors";
import { withSharp } from "~/domain/images/sharp.server";
import { logger } from "~/lib/logger.server";

/**
 * The preview pictures a link shows in LINE, Facebook and other chats (issue 50): 1200×630 JPEG,
 * drawn by the server from the designer's own shirt drawing (compositionSvg) with the shop's Thai
 * font (public/fonts/Sarabun-SemiBold.ttf, handed to Pango by sharp, so tone marks sit the same on
 * any server). Their addresses, which change with what they show, are made in ./share.ts.
 */

export const PICTURE_WIDTH = 1200;
export const PICTURE_HEIGHT = 630;
export const PICTURE_TYPE = "image/jpeg";
const INK = "#1f2a5a";
const SILK = "#c8962e";
const SILK_DEEP = "#8a6418";
const LAC = "#a3322b";
const CREAM = "#fbf8f2";
const STONE = "#57534e";

// ---------------------------------------------------------------------------------------------
// What each picture shows

export interface SitePicture {
  kind: "site";
}

export interface ShopPicture {
  kind: "shop";
  name: string;
  /** The shop photo's bytes (a stored image), or null for the initial on indigo. */
  photo: Uint8Array | null;
  rating: { average: number; count: number };
  designCount: number;
}

export interface DesignPicture {
  kind: "design";
  choice: Choice;
  overrides: Overrides;
  title: string;
  /** The shop's name, or null for a design in the designer's address. */
  shopName: string | null;
  /** "1,250 บาท" or "450 – 800 บาท", or null when no price can be said. */
  price: string | null;
}

export type PreviewPicture = SitePicture | ShopPicture | DesignPicture;

/** The shirt on the shop's own picture: the first pattern of each drawn part. */
export function showcaseChoice(): Choice {
  const choice: Choice = {};
  for (const category of ["shirt", "neck", "placket", "bag", "hem", "color"] as const) {
    const first = optionsOf(category)[0];
    if (first) choice[category] = first.sid;
  }
  return choice;
}

// ---------------------------------------------------------------------------------------------
// Drawing

let fontPath: string | null | undefined;

/**
 * The Thai font's file: public/fonts in the project (tests, development), build/client/fonts
 * beside the built server. Without it Pango falls back on the system's fonts (logged once).
 */
function fontFile(): string | null {
  if (fontPath !== undefined) return fontPath;
  const name = path.join("fonts", "Sarabun-SemiBold.ttf");
  const candidates = [
    path.resolve(import.meta.dirname, "..", "client", name),
    path.resolve(import.meta.dirname, "..", "..", "..", "public", name),
    path.resolve(process.cwd(), "public", name),
    path.resolve(process.cwd(), process.env.BUILD_DIR || "build", "client", name),
  ];
  fontPath = candidates.find((candidate) => existsSync(candidate)) ?? null;
  if (!fontPath) logger().warn({ candidates }, "preview pictures: the Thai font was not found");
  return fontPath;
}

/**
 * Thai is written without spaces between words, and Pango (without libthai) would break a line
 * inside a word: a zero-width space between the words the runtime's dictionary finds gives it
 * the places where a line may break.
 */
function breakableThai(text: string): string {
  return Array.from(new Intl.Segmenter("th", { granularity: "word" }).segment(text), (s) => s.segment).join("\u200b");
}

function escapeMarkup(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** At most `max` characters (whole grapheme clusters, so no tone mark is cut from its letter). */
function clip(text: string, max: number): string {
  const clusters = Array.from(
    new Intl.Segmenter("th", { granularity: "grapheme" }).segment(text.trim()),
    (s) => s.segment,
  );
  return clusters.length <= max ? clusters.join("") : `${clusters.slice(0, max - 1).join("")}…`;
}

type Sharp = Parameters<Parameters<typeof withSharp>[0]>[0];

interface Line {
  text: string;
  size: number;
  color: string;
  /** Space above the line (px). */
  gap?: number;
  /** Lines it may wrap to before its size shrinks to fit. */
  maxLines?: number;
}

interface DrawnText {
  input: Buffer;
  width: number;
  height: number;
}

async function drawText(sharp: Sharp, line: Line, width: number): Promise<DrawnText> {
  const font = fontFile();
  const render = async (box: { height?: number }) => {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="${line.color}">${escapeMarkup(breakableThai(line.text))}</span>`,
        font: `Sarabun SemiBold ${line.size}`,
        ...(font ? { fontfile: font } : {}),
        width,
        ...box,
        wrap: "word-char",
        rgba: true,
        spacing: Math.round(line.size * 0.25),
      },
    })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { input: data, width: info.width, height: info.height };
  };
  const drawn = await render({});
  const maxHeight = Math.ceil(line.size * 1.6 * (line.maxLines ?? 2));
  // Too long for its lines: drawn again, as large as fits the box.
  return drawn.height > maxHeight ? render({ height: maxHeight }) : drawn;
}

/** The woven band along the foot of every picture: diamonds in indigo and silk. */
function wovenBand(): string {
  const top = PICTURE_HEIGHT - 36;
  const diamonds: string[] = [];
  for (let x = 0; x < PICTURE_WIDTH; x += 36) {
    diamonds.push(
      `<path d="M${x} ${top + 18} ${x + 18} ${top} ${x + 36} ${top + 18} ${x + 18} ${top + 36}Z" fill="${INK}"/>`,
    );
    diamonds.push(
      `<path d="M${x + 18} ${top + 10} ${x + 26} ${top + 18} ${x + 18} ${top + 26} ${x + 10} ${top + 18}Z" fill="${SILK}"/>`,
    );
  }
  return `<rect x="0" y="${top}" width="${PICTURE_WIDTH}" height="36" fill="${SILK}"/>${diamonds.join("")}`;
}

const PANEL = { left: 48, top: 40, size: 510 };
const COLUMN = { left: 610, width: 540, top: 56, bottom: PICTURE_HEIGHT - 60 };

function background(panelFill: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}"><rect width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" fill="${CREAM}"/><rect x="${PANEL.left}" y="${PANEL.top}" width="${PANEL.size}" height="${PANEL.size}" rx="28" fill="${panelFill}" stroke="#e7e5e4" stroke-width="2"/>${wovenBand()}</svg>`;
}

/** The shirt drawn square, to sit in the picture's panel. */
async function shirtImage(sharp: Sharp, choice: Choice, overrides: Overrides, size: number): Promise<Buffer> {
  const svg = compositionSvg(compose(choice, { canvas: "wide", overrides }));
  return sharp(Buffer.from(svg), { density: 144 })
    .resize(size, size, { fit: "contain", background: "#ffffff00" })
    .png()
    .toBuffer();
}

/** A shop's photo cut to the panel with rounded corners, or its initial on indigo. */
async function shopImage(sharp: Sharp, picture: ShopPicture): Promise<Buffer> {
  const size = PANEL.size;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="28" fill="#fff"/></svg>`,
  );
  if (picture.photo) {
    try {
      return await sharp(Buffer.from(picture.photo))
        .rotate()
        .resize(size, size, { fit: "cover" })
        .composite([{ input: mask, blend: "dest-in" }])
        .png()
        .toBuffer();
    } catch (error) {
      logger().warn({ err: error }, "preview pictures: a shop photo could not be read; drawn with its initial");
    }
  }
  const initial =
    Array.from(
      new Intl.Segmenter("th", { granularity: "grapheme" }).segment(picture.name.replace(/^ร้าน/, "")),
      (s) => s.segment,
    )[0] ?? "ร";
  const tile = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="28" fill="${INK}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
  const letter = await drawText(sharp, { text: initial, size: 240, color: SILK, maxLines: 1 }, size);
  return sharp(tile)
    .composite([
      {
        input: letter.input,
        left: Math.max(0, Math.round((size - letter.width) / 2)),
        top: Math.max(0, Math.round((size - letter.height) / 2)),
      },
    ])
    .png()
    .toBuffer();
}

function linesOf(picture: PreviewPicture): Line[] {
  const footer: Line = { text: site.enterpriseName, size: 26, color: STONE, maxLines: 2 };
  switch (picture.kind) {
    case "site":
      return [
        { text: site.enterpriseName, size: 58, color: INK, maxLines: 3 },
        { text: site.tagline, size: 34, color: SILK_DEEP, gap: 24, maxLines: 3 },
        { text: "ออกแบบเสื้อเอง · เลือกช่างตัดในชุมชน", size: 30, color: STONE, gap: 24, maxLines: 2 },
      ];
    case "shop": {
      const rating =
        picture.rating.count > 0
          ? `★ ${picture.rating.average.toFixed(1)} จาก ${picture.rating.count.toLocaleString("th-TH")} รีวิว`
          : "ร้านใหม่ ยังไม่มีรีวิว";
      return [
        { text: "ร้านผ้าไหม", size: 30, color: SILK_DEEP },
        { text: clip(picture.name, 60), size: 64, color: INK, gap: 8, maxLines: 2 },
        { text: rating, size: 38, color: LAC, gap: 24, maxLines: 1 },
        { text: `แบบเสื้อ ${picture.designCount.toLocaleString("th-TH")} แบบ`, size: 34, color: STONE, gap: 12 },
        { ...footer, gap: 40 },
      ];
    }
    case "design":
      return [
        { text: picture.shopName ? clip(picture.shopName, 60) : "ออกแบบเองที่ร้านผ้าทอ", size: 30, color: SILK_DEEP },
        { text: picture.title, size: 64, color: INK, gap: 8, maxLines: 2 },
        ...(picture.price ? [{ text: picture.price, size: 52, color: LAC, gap: 24, maxLines: 1 }] : []),
        { ...footer, gap: 40 },
      ];
  }
}

/**
 * How many preview pictures may wait for sharp, the one being drawn among them. sharp works on one
 * picture at a time for the whole process (images/sharp.server.ts), and a buyer's slip or a
 * problem report's photo waits in the same line: the designer's picture can be asked for any
 * parts, so without a bound anyone could put thousands of drawings ahead of a payment. Beyond it
 * a picture is refused at once (PICTURE_MESSAGES.busy, 503 with Retry-After), and a slip waits
 * behind at most this many drawings (about a second).
 */
export const PREVIEWS_WAITING = 4;
const PREVIEW_RETRY_AFTER_SECONDS = 5;
let previewsWaiting = 0;

export const PICTURE_MESSAGES = {
  busy: "ขณะนี้มีการขอรูปตัวอย่างจำนวนมาก กรุณาลองใหม่อีกครั้งในอีกสักครู่",
} as const;

/** Draws one preview picture: 1200×630 JPEG, well under 300 KB; refused while PREVIEWS_WAITING wait. */
export function drawPicture(picture: PreviewPicture): Promise<Uint8Array<ArrayBuffer>> {
  if (previewsWaiting >= PREVIEWS_WAITING)
    return Promise.reject(
      new DomainError("rate_limited", PICTURE_MESSAGES.busy, { retryAfterSeconds: PREVIEW_RETRY_AFTER_SECONDS }),
    );
  previewsWaiting += 1;
  return drawNow(picture).finally(() => {
    previewsWaiting -= 1;
  });
}

function drawNow(picture: PreviewPicture): Promise<Uint8Array<ArrayBuffer>> {
  return withSharp(async (sharp) => {
    const panel =
      picture.kind === "shop"
        ? await shopImage(sharp, picture)
        : picture.kind === "design"
          ? await shirtImage(sharp, picture.choice, picture.overrides, PANEL.size - 40)
          : await shirtImage(sharp, showcaseChoice(), {}, PANEL.size - 40);
    const inset = picture.kind === "shop" ? 0 : 20;
    const texts: { input: Buffer; left: number; top: number }[] = [];
    const drawn = [];
    for (const line of linesOf(picture)) drawn.push({ line, text: await drawText(sharp, line, COLUMN.width) });
    const total = drawn.reduce((sum, { line, text }) => sum + (line.gap ?? 0) + text.height, 0);
    // The column sits in the middle of the panel's height (or starts at its top when full).
    let top = Math.max(COLUMN.top, Math.round(PANEL.top + (PANEL.size - total) / 2));
    for (const { line, text } of drawn) {
      top += line.gap ?? 0;
      if (top + text.height > COLUMN.bottom) break;
      texts.push({ input: text.input, left: COLUMN.left, top });
      top += text.height;
    }
    const jpeg = await sharp(Buffer.from(background(picture.kind === "shop" ? CREAM : "#ffffff")))
      .composite([{ input: panel, left: PANEL.left + inset, top: PANEL.top + inset }, ...texts])
      .flatten({ background: CREAM })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
    return new Uint8Array(jpeg);
  });
}

// ---------------------------------------------------------------------------------------------
// Kept drawn

const KEPT = 24;
const kept = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/**
 * The picture at an address, drawn once and kept (the last 24 asked for): a link shared in a
 * group is fetched by LINE's and Facebook's servers and by every phone that shows it at once.
 */
export function pictureAt(
  address: string,
  draw: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  const found = kept.get(address);
  if (found) {
    kept.delete(address);
    kept.set(address, found);
    return found;
  }
  const drawing = draw();
  kept.set(address, drawing);
  drawing.catch(() => kept.delete(address));
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return drawing;
}

/** The answer for a picture at its own address: cached for a year by anyone (it never changes). */
export function pictureResponse(bytes: Uint8Array<ArrayBuffer>): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": PICTURE_TYPE,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Access-Control-Allow-Origin": "*",
    },
  });
}
