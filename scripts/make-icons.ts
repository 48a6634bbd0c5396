// The shop's icons, drawn once from its mark (public/favicon.svg's woven diamonds) and kept in
// public/: the installed shop's icons (192 and 512 px, a maskable one with the mark inside the
// safe circle), the home-screen icon iOS asks for (apple-touch-icon, 180 px) and /favicon.ico
// (16, 32 and 48 px PNGs in one ICO file, which every browser reads).
//   npx tsx scripts/make-icons.ts
import { writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const INK = "#1f2a5a";
const SILK = "#c8962e";
const SILK_SOFT = "#fbf3e2";

/** The mark on a 32-unit square: two diamonds on silk, rounded (`radius`) or full-bleed (0). */
function mark(radius: number, scale = 1): string {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${radius}" fill="${SILK}"/><g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M4 16 10 10 16 16 10 22ZM16 16 22 10 28 16 22 22Z" fill="${INK}"/><path d="M10 13 13 16 10 19 7 16ZM22 13 25 16 22 19 19 16Z" fill="${SILK_SOFT}"/></g></svg>`;
}

async function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const out = (name: string) => path.join(root, "public", name);
writeFileSync(out("icons/icon-192.png"), await png(mark(6), 192));
writeFileSync(out("icons/icon-512.png"), await png(mark(6), 512));
// Maskable: the background fills the square and the mark sits inside the central 80 % circle.
writeFileSync(out("icons/icon-maskable-512.png"), await png(mark(0, 0.72), 512));
// iOS rounds the corners itself and shows transparency as black: a full square.
writeFileSync(out("icons/apple-touch-icon.png"), await png(mark(0, 0.86), 180));

const sizes = [16, 32, 48];
const images = await Promise.all(sizes.map((size) => png(mark(6), size)));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2); // an icon
header.writeUInt16LE(images.length, 4);
let offset = 6 + 16 * images.length;
const entries = images.map((image, index) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(sizes[index]!, 0);
  entry.writeUInt8(sizes[index]!, 1);
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(image.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += image.length;
  return entry;
});
writeFileSync(out("favicon.ico"), Buffer.concat([header, ...entries, ...images]));
