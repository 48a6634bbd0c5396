import type { default as Sharp } from "sharp";

type SharpFactory = typeof Sharp;

let loading: Promise<SharpFactory> | null = null;

/**
 * sharp (libvips) is loaded the first time a picture is drawn or received, not at start: most
 * processes of a small shop go hours without one, and loaded it holds about 7 MB of the memory
 * the smallest server has (bench: the shop at rest on the embedded database).
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
