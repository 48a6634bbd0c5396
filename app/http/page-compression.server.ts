import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

/**
 * A page compressed in one call, where it is rendered (entry.server.tsx), or where a kept page is
 * asked for in another encoding (app/http/kept-pages.server.ts). The page is whole in memory before
 * it is sent (its stylesheet goes in last), so nothing is gained by streaming it through the
 * compression middleware of server/app.ts, which works on a thread of the pool in pieces and sizes
 * its encoder for any length: the heavy pages (100–120 KB of HTML) served 10 to 20 % more requests
 * a second compressed here (docs/decisions.md, 72). The middleware still compresses everything else
 * (JSON, files, redirects); it leaves an answer that already names its encoding alone.
 *
 * The settings are the middleware's too (below): brotli, else gzip at zlib's default level; under
 * 1 KB an answer is sent as it is.
 */
export type PageEncoding = "br" | "gzip" | undefined;

export interface CompressedPage {
  body: Buffer<ArrayBuffer>;
  /** The Content-Encoding, absent when the page is sent as it is. */
  encoding?: PageEncoding;
}

/** Below this an answer goes out as it is, page or not. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli at quality 5, in a window of 256 KB (2^18) rather than its default 4 MB: a page is far
 * smaller, so nothing compresses worse, but above 64 KB of input the encoder grew its buffer to the
 * whole window, and that much memory outside the JavaScript heap made V8 collect the heap again and
 * again: a signed-in page cost twice its CPU time (bench/README.md). Quality 5 rather than 4: a kept
 * page is compressed once, not for each answer (app/http/kept-pages.server.ts), and the silk shops'
 * page, 134 KB of HTML, is then 13.1 KB instead of 14.6 KB, within the first round trip of a new
 * connection (ten packets); compressing it takes 1.5 ms instead of 1.0 (docs/decisions.md, 72 and 80).
 */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 };
const OFFERED = ["br", "gzip", "identity"] as const;
/** Brotli first where the client takes both equally (as the middleware does). */
const PREFERRED = ["br", "gzip"] as const;

type EncodingChoice = (available: readonly string[], preferred: readonly string[]) => string | undefined;

/** The client's choice among ours, by Accept-Encoding (q-values honoured; no header: as it is). */
export function pageEncoding(acceptEncoding: string | null): PageEncoding {
  if (!acceptEncoding) return undefined;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // Negotiator 0.6.4 takes the server's preference as a second argument; its types predate it.
  const chosen = (negotiator.encoding as EncodingChoice).call(negotiator, OFFERED, PREFERRED);
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

/** How a page goes to a client: the encoding it takes, none under the threshold. */
export function encodingFor(body: Buffer, acceptEncoding: string | null): PageEncoding {
  return body.length < COMPRESSION_THRESHOLD_BYTES ? undefined : pageEncoding(acceptEncoding);
}

export function compressPage(body: Buffer<ArrayBuffer>, encoding: PageEncoding): CompressedPage {
  if (encoding === "br") {
    const compressed = brotliCompressSync(body, {
      params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    return { body: compressed as Buffer<ArrayBuffer>, encoding };
  }
  if (encoding === "gzip") return { body: gzipSync(body) as Buffer<ArrayBuffer>, encoding };
  return { body };
}

/** A page compressed as its answer (entry.server.tsx; a kept page sends the bytes it kept). */
export function pageAnswer(page: CompressedPage, headers: Headers, status: number): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("Vary", "Accept-Encoding");
  if (page.encoding) headers.set("Content-Encoding", page.encoding);
  headers.set("Content-Length", String(page.body.length));
  return new Response(page.body, { headers, status });
}
