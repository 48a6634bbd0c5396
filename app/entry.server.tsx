import { randomBytes } from "node:crypto";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import appCss from "./app.css?inline";
import { InlineStyleContext } from "./components/inline-style";
import { contentSecurityPolicy } from "./http/headers.server";
import { BatchedStream } from "./lib/batched-stream.server";
import { logger } from "./lib/logger.server";

export const streamTimeout = 5_000;

/**
 * A loader's or action's fault (React Router answers it with the error page or a 500) goes to the
 * operator log with the request's id and user (app/lib/logger.server.ts); a request the client
 * gave up on is not a fault.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

/**
 * Renders every page. Each response gets a fresh nonce: the only scripts that run are
 * React Router's own, carrying it (an enforced, nonce-based Content-Security-Policy).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  if (process.env.NODE_ENV === "production")
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <InlineStyleContext value={appCss}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStyleContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new BatchedStream();
        body.once("finish", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger().error({ err: error }, "rendering a page failed");
      },
    });
  });
}
