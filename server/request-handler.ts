import type { IncomingMessage } from "node:http";
import { writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { BODY_LIMITS } from "../app/http/limits";
import { loadContextFor, type RoutePolicy } from "./route-policy";

export interface HandlerOptions {
  /** The app, or (in development) how to get its newest version for each request. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  /** Answers a request whose body went over its route's limit (the app's own answer is dropped). */
  refuseTooLarge: (req: express.Request, res: express.Response, policy: RoutePolicy) => void;
}

/**
 * React Router's request handler for Express, as `@react-router/express` 8.4 writes it (the URL,
 * headers, abort signal, load context and answer are made the same way), except where the stock
 * one cannot do what the shop needs (docs/decisions.md, 111):
 * - the request body: the stock one reads it with no limit; this one counts it as it streams in
 *   against its route's limit (app/http/limits.ts). Past it the body fails for the app (its read
 *   throws and the request's signal aborts, so nothing of it is used), the request is no longer
 *   read, and `refuseTooLarge` answers in the app's place, whatever the framing;
 * - X-Forwarded-Host only from a proxy express trusts (`urlOf`; the stock one takes it from anyone
 *   once any proxy is trusted);
 * - the app's header replaces one the edge set before it, instead of going out twice.
 * The context is the request's facts (server/route-policy.ts: loadContextFor); the route React
 * Router matched comes back in them, for the request log and the metrics.
 */
export function createRequestHandler({ build, mode, refuseTooLarge }: HandlerOptions): express.RequestHandler {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req, res, next) => {
    const app = typeof build === "function" ? await build() : build;
    const { context, facts } = loadContextFor(app, req, { clientAddress: req.ip ?? "unknown" });
    let tooLarge = false;
    const controller = new AbortController();
    // As @react-router/express: a connection closed before the answer was finished aborts the request.
    let finished = false;
    res.on("finish", () => {
      finished = true;
    });
    res.on("close", () => {
      if (!finished) controller.abort();
    });
    const overLimit = () => {
      tooLarge = true;
      controller.abort(new Error("request body too large"));
      // An answer already under way cannot become a 413: end the connection instead.
      if (res.headersSent) req.socket.destroy();
      else refuseTooLarge(req, res, facts);
    };
    const init: RequestInit & { duplex?: "half" } = {
      method: req.method,
      headers: headersOf(req),
      signal: controller.signal,
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      init.body = limitedBody(req, BODY_LIMITS[facts.body], overLimit);
      init.duplex = "half";
    }
    try {
      const response = await handleRequest(new Request(urlOf(req), init), context);
      res.locals.route = facts.route;
      await sendResponse(res, response);
    } catch (error) {
      // Over the limit the refusal is the answer; whatever the app made of the failed body is not.
      if (tooLarge) return;
      next(error);
    }
  };
}

/** The blocks a body is handed on in: small chunks are joined (see limitedBody). */
const BLOCK_BYTES = 64 * 1024;

/**
 * Counts a body against `maxBytes` as it arrives: true once it is over. Its pieces are counted
 * too, at most one for every 512 bytes of the limit (16,384 for 8 MB): each piece (a chunk of a
 * chunked body) costs Node's parser an object and an event whatever its size, and a body of
 * one-byte chunks kept a process busy for seconds well under the byte limit. A browser's body
 * comes in pieces of kilobytes and never gets near that count.
 */
export function bodyMeter(maxBytes: number): (chunk: Buffer) => boolean {
  const maxPieces = Math.ceil(maxBytes / 512);
  let bytes = 0;
  let pieces = 0;
  return (chunk) => {
    bytes += chunk.length;
    pieces += 1;
    return bytes > maxBytes || pieces > maxPieces;
  };
}

/**
 * The request body as a web stream that stops at `maxBytes` (see bodyMeter). Chunks are copied
 * out of the socket's read buffers and joined into blocks of up to 64 KB: small chunks would
 * otherwise each become an object for the app to hold, each keeping a whole read buffer alive.
 */
function limitedBody(req: IncomingMessage, maxBytes: number, overLimit: () => void): ReadableStream<Uint8Array> {
  const isOver = bodyMeter(maxBytes);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let flushQueued = false;
  let done = false;
  let stream: ReadableStreamDefaultController<Uint8Array>;

  const flush = () => {
    flushQueued = false;
    if (done || pendingBytes === 0) return;
    const block = new Uint8Array(pendingBytes);
    let offset = 0;
    for (const chunk of pending) {
      block.set(chunk, offset);
      offset += chunk.length;
    }
    pending = [];
    pendingBytes = 0;
    stream.enqueue(block);
    // Nobody is reading: stop taking bytes from the socket until someone pulls (backpressure).
    if ((stream.desiredSize ?? 0) <= 0) req.pause();
  };
  const stop = () => {
    done = true;
    pending = [];
    pendingBytes = 0;
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", onError);
    req.off("close", onClose);
  };
  const onData = (chunk: Buffer) => {
    if (isOver(chunk)) {
      // Not one byte more: the request stays paused until its connection closes after the 413.
      req.pause();
      stop();
      stream.error(new Error("request body too large"));
      overLimit();
      return;
    }
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= BLOCK_BYTES) flush();
    else if (!flushQueued) {
      // The rest of this read's chunks arrive in the same turn of the event loop: join them first.
      flushQueued = true;
      setImmediate(flush);
    }
  };
  const onEnd = () => {
    flush();
    stop();
    stream.close();
  };
  const onError = (error: Error) => {
    stop();
    stream.error(error);
  };
  // A connection that closed before the body's end: the body is cut off, never whole.
  const onClose = () => onError(new Error("the request was cut off before its body ended"));

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        stream = controller;
        req.on("data", onData);
        req.once("end", onEnd);
        req.once("error", onError);
        req.once("close", onClose);
      },
      pull() {
        if (!done) req.resume();
      },
      cancel() {
        // The app wants no more of it; what is left is drained (bounded) once the answer is sent.
        stop();
        req.pause();
      },
    },
    { highWaterMark: BLOCK_BYTES, size: (block) => block.byteLength },
  );
}

/** The request's address as @react-router/express builds it (X-Forwarded-Host's port only behind a trusted proxy). */
export function urlOf(req: express.Request): string {
  // X-Forwarded-Host only from a trusted proxy (express's own test, as for the host name and protocol).
  const trusted = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const [, forwardedPort] = trusted(req.socket.remoteAddress, 0) ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const forwarded = Number.parseInt(forwardedPort ?? "", 10);
  const own = Number.parseInt(hostPort ?? "", 10);
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(own) ? own : "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`).href;
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** Writes React Router's answer to Express's response, as @react-router/express does. */
async function sendResponse(res: express.Response, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The app's header replaces one the edge set before it (server/app.ts: the common security
  // headers), so each header goes out once; only Set-Cookie may come several times.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
