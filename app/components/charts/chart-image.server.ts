import { createHmac, timingSafeEqual } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { z } from "zod";
import { getConfig } from "~/config.server";
import type { ChartImages, ChartSpec } from "./chart-spec";

/**
 * A chart travels as an image address that carries its own figures: the spec, compressed and
 * signed with the session secret. The page then sends a few hundred bytes per chart instead of
 * its drawing twice (in the HTML and again in the data the page hydrates from), the browser keeps
 * the image for as long as the figures stay the same (new figures, new address), and any app
 * process can draw it. The signature means only the shop's own figures are ever drawn: no one can
 * make the shop draw text of their choosing, or spend its CPU drawing made-up charts.
 */
export const CHART_IMAGE_PATH = "/api/charts/chart.svg";

/**
 * The drawing's version, part of every address: a browser keeps a chart image for a year
 * (`immutable`), so a change to how charts are drawn (2: the value axis makes room for its widest
 * label) must come under a new address. Not signed: it only tells addresses apart.
 */
const DRAWING_VERSION = "2";

/** Longest figures an address may carry, once inflated (a year of days is about 12 KB). */
const MAX_SPEC_BYTES = 32 * 1024;

const count = z.number().finite().min(0);
const money = z.number().finite();
const chartSpecSchema: z.ZodType<ChartSpec> = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("trend"),
    metric: z.enum(["orderCount", "revenue"]),
    granularity: z.enum(["day", "month"]),
    points: z
      .array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), orderCount: count, revenue: money }).strict())
      .max(400),
  }),
  z.object({
    kind: z.literal("topDesigns"),
    metric: z.enum(["orderCount", "revenue"]),
    designs: z
      .array(
        z.object({ id: z.number().int(), label: z.string().max(200), orderCount: count, totalRevenue: money }).strict(),
      )
      .max(50),
  }),
]);

function signature(data: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`chart-image:${data}`).digest().subarray(0, 16);
}

/** The chart's image addresses, phone-sized and wide. */
export function chartImages(spec: ChartSpec): ChartImages {
  const data = deflateRawSync(JSON.stringify(spec)).toString("base64url");
  const [newest] = getConfig().sessionSecrets;
  const signed = `${CHART_IMAGE_PATH}?d=${data}&s=${signature(data, newest!).toString("base64url")}`;
  return { narrow: `${signed}&v=${DRAWING_VERSION}&w=narrow`, wide: `${signed}&v=${DRAWING_VERSION}&w=wide` };
}

/** The spec an image address carries, or null if the shop did not sign it (or it is damaged). */
export function chartSpecOf(params: URLSearchParams): ChartSpec | null {
  const data = params.get("d") ?? "";
  const given = Buffer.from(params.get("s") ?? "", "base64url");
  if (!data || given.length !== 16) return null;
  // Any of the secrets: addresses made before a secret was rotated still draw.
  const signedByShop = getConfig().sessionSecrets.some((secret) => timingSafeEqual(given, signature(data, secret)));
  if (!signedByShop) return null;
  try {
    const json = inflateRawSync(Buffer.from(data, "base64url"), { maxOutputLength: MAX_SPEC_BYTES }).toString();
    const parsed = chartSpecSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
