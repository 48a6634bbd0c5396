import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PICTURES_AT_ONCE } from "./sharp.server";
import { prepareDesignPng, prepareUploadedPhoto } from "./store.server";

/**
 * Large pictures arriving together are worked on one at a time: eight 40-megapixel slips decoded
 * four at a time (libuv's threads) left a process about 190 MB larger for good, since the C
 * allocator keeps what libvips freed. sharp counts the tasks it is running in this process
 * (`sharp.counters().process`); it is read at every change of sharp's queue and every millisecond.
 */

/** A photo of 24 megapixels as a PNG (which has no shrink-on-load: it is decoded in full). */
function largePng(): Promise<Buffer> {
  return sharp({ create: { width: 6000, height: 4000, channels: 3, background: "#8a5a2b" } })
    .png()
    .toBuffer();
}

/** Runs `work` and returns the most sharp tasks that ran at once meanwhile, with its result. */
async function mostAtOnce<T>(work: () => Promise<T>): Promise<{ most: number; result: T }> {
  let most = 0;
  const look = () => {
    most = Math.max(most, sharp.counters().process);
  };
  sharp.queue.on("change", look);
  const timer = setInterval(look, 1);
  try {
    const result = await work();
    return { most, result };
  } finally {
    clearInterval(timer);
    sharp.queue.off("change", look);
  }
}

describe("pictures are worked on one at a time", () => {
  it("eight large photos sent together: each is decoded, never two at once, and libvips keeps no cache", async () => {
    const photo = new Uint8Array(await largePng());
    const { most, result } = await mostAtOnce(() =>
      Promise.all(Array.from({ length: 8 }, () => prepareUploadedPhoto(photo))),
    );
    expect(result.map((picture) => [picture.width, picture.height])).toEqual(Array(8).fill([1200, 800]));
    expect(PICTURES_AT_ONCE).toBe(1);
    expect(most).toBe(PICTURES_AT_ONCE);
    // Nothing is kept for an input seen again: every picture the shop works on is new.
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, files: { max: 0 }, items: { max: 0 } });
  });

  it("a design's picture waits its turn behind uploads, and one that cannot be read frees the turn", async () => {
    const photo = new Uint8Array(await largePng());
    const design = new Uint8Array(
      await sharp({ create: { width: 1000, height: 1000, channels: 4, background: "#ffffff00" } })
        .png()
        .toBuffer(),
    );
    const broken = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]);
    const { most, result } = await mostAtOnce(() =>
      Promise.allSettled([
        prepareUploadedPhoto(photo),
        prepareUploadedPhoto(broken),
        prepareDesignPng(design),
        prepareUploadedPhoto(photo),
      ]),
    );
    expect(result.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect(most).toBe(1);
  });
});
