import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

/**
 * A page compressed in one call, where it is rendered (entry.server.tsx). The page is whole in memory before
 * it is sent (its stylesheet goes in last), so nothing is gained by streaming it through the
 * compression middleware of server/app.ts, which works in pieces and sizes its encoder for any
 * length: the heavy pages (100–120 KB of HTML) served 10 to 20 % more requests a second compressed
 * here (docs/decisions.md, 72). The one call runs on zlib's thread pool (85). The middleware still
 * compresses everything else (JSON, files, redirects); it leaves an answer that already names its
 * encoding alone.
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
 * Brotli for what is compressed as it is sent: a page drawn for this answer, and JSON and the rest
 * in the middleware of server/app.ts. Quality 3: on the shop's pages it takes 40 % less time than
 * quality 4 for 4 % more bytes (docs/decisions.md, 126). In a window of 256 KB (2^18) rather than
 * its default 4 MB: a page is far smaller, so nothing compresses worse, but above 64 KB of input the
 * encoder grew its buffer to the whole window, and that much memory outside the JavaScript heap made
 * V8 collect the heap again and again: a signed-in page cost twice its CPU time (bench/README.md).
 */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 18 };
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

const brotliInPool = promisify(brotliCompress);
const gzipInPool = promisify(gzip);

/**
 * A page compressed for its answer. The page goes to zlib's thread pool in one piece, and the
 * process's own thread draws the next page meanwhile: on the embedded database, where one process
 * does all the work, that puts a second core to use.
 */
export async function compressPage(body: Buffer<ArrayBuffer>, encoding: PageEncoding): Promise<CompressedPage> {
  if (encoding === "br") {
    const compressed = await brotliInPool(body, {
      params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    return { body: compressed as Buffer<ArrayBuffer>, encoding };
  }
  if (encoding === "gzip") return { body: (await gzipInPool(body)) as Buffer<ArrayBuffer>, encoding };
  return { body };
}

/** A page compressed as its answer (entry.server.tsx). */
export function pageAnswer(page: CompressedPage, headers: Headers, status: number): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.append("Vary", "Accept-Encoding");
  if (page.encoding) headers.set("Content-Encoding", page.encoding);
  headers.set("Content-Length", String(page.body.length));
  return new Response(page.body, { headers, status });
}
