import pLimit from "p-limit";
import type { default as Sharp } from "sharp";

type SharpFactory = typeof Sharp;

/**
 * How many pictures one process works on at once. A photo of 40 megapixels (the most an upload
 * may have) takes 50 to 100 MB of the C heap while libvips decodes and shrinks it, and glibc keeps
 * most of what it freed: eight sent together, four at a time on libuv's threads, left a process
 * about 190 MB larger than before them. One at a time, a burst costs what one picture costs, and
 * the heap it leaves is used again by the next. Pictures are rare (a slip, a sample, a design
 * saved): the eighth of eight large ones waits about two seconds.
 */
export const PICTURES_AT_ONCE = 1;

const oneAtATime = pLimit(PICTURES_AT_ONCE);

let loading: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips) is loaded the first time a picture is drawn or received, not at start: most
 * processes of a small shop go hours without one, and loaded it holds about 7 MB of the memory
 * the smallest server has (bench: the shop at rest on the embedded database).
 */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then((module) => {
    const sharp = module.default;
    // libvips' operation cache (50 MB and 100 operations by default) keeps results for an input it
    // may see again; every picture the shop works on is new (an upload, a design's drawing), so it
    // would only hold memory after a burst.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/**
 * Works on a picture with sharp: `work` runs when no other picture is being worked on in this
 * process (PICTURES_AT_ONCE), and everything it does with sharp (reading the header, decoding,
 * encoding) must be finished when its promise settles. The only way into sharp in `app/`.
 */
export function withSharp<T>(work: (sharp: SharpFactory) => Promise<T>): Promise<T> {
  return oneAtATime(async () => work(await loadSharp()));
}
