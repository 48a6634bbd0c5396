/**
 * What a burst of large photos leaves in a process's memory (not part of `npm run bench`):
 *
 *   node_modules/.bin/tsx bench/picture-memory.ts
 *
 * For each format the uploads take (PNG, JPEG, WebP) it starts a process with the settings of
 * `npm run serve` (the C allocator's, the heap's; MALLOC_* from the environment win), which
 * prepares one small picture (sharp loaded), settles, then receives three bursts of eight photos
 * of 39.7 megapixels (7280 × 5453, the most an upload may have is 40) at once through
 * `prepareUploadedPhoto`, as eight slips sent together would. It prints the resident memory at
 * rest, the highest during each burst and what stays two seconds after it, in MB.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const WIDTH = 7280;
const HEIGHT = 5453;
const BURST = 8;

type Format = "png" | "jpeg" | "webp";

async function largePhoto(format: Format): Promise<Uint8Array> {
  // A picture with something in it (bands of colour), so that each format compresses it as a photo's
  // size would suggest; PNG has no shrink-on-load and is decoded in full.
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 3;
      raw[at] = (x >> 8) * 8;
      raw[at + 1] = (y >> 8) * 8;
      raw[at + 2] = 128;
    }
  const image = sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
  const encoded = format === "png" ? image.png() : format === "jpeg" ? image.jpeg({ quality: 80 }) : image.webp();
  return new Uint8Array(await encoded.toBuffer());
}

async function measure(format: Format): Promise<void> {
  const { prepareUploadedPhoto } = await import("~/domain/images/store.server");
  const photo = await largePhoto(format);
  const small = new Uint8Array(
    await sharp({ create: { width: 50, height: 50, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  await prepareUploadedPhoto(small);
  const megabytes = () => Math.round(process.memoryUsage().rss / 1048576);
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      globalThis.gc?.();
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  };
  await settle();
  const figures: Record<string, number | string> = {
    format,
    photoMB: +(photo.length / 1048576).toFixed(1),
    rest: megabytes(),
  };
  for (const burst of [1, 2, 3]) {
    let highest = 0;
    const look = setInterval(() => {
      highest = Math.max(highest, megabytes());
    }, 10);
    const began = Date.now();
    await Promise.all(Array.from({ length: BURST }, () => prepareUploadedPhoto(photo)));
    figures[`burst${burst}Ms`] = Date.now() - began;
    clearInterval(look);
    await settle();
    figures[`burst${burst}Highest`] = highest;
    figures[`burst${burst}After`] = megabytes();
  }
  console.log(JSON.stringify(figures));
}

const child = process.argv[2] === "--format" ? (process.argv[3] as Format) : null;
if (child) {
  await measure(child);
} else {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? "1048576",
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? "131072",
  };
  console.log(
    `MALLOC_MMAP_THRESHOLD_=${env.MALLOC_MMAP_THRESHOLD_} MALLOC_TRIM_THRESHOLD_=${env.MALLOC_TRIM_THRESHOLD_}`,
  );
  for (const format of ["png", "jpeg", "webp"] as const) {
    const run = spawnSync(
      process.execPath,
      [
        "--max-old-space-size=160",
        "--max-semi-space-size=16",
        "--expose-gc",
        "--import",
        "tsx",
        fileURLToPath(import.meta.url),
        "--format",
        format,
      ],
      { env, stdio: ["ignore", "inherit", "inherit"] },
    );
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}
