import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import appCss from "./app.css?inline";
import appCssHref from "./app.css?url";
import { InlineStyleContext } from "./components/inline-style";
import { contentSecurityPolicy, inlineScriptHashes } from "./http/headers.server";
import type { HttpPolicy } from "./http/limits";
import { compressPage, encodingFor, pageAnswer } from "./http/page-compression.server";
import { requestFacts } from "./http/request-facts.server";
import { isSharedPage, markSharedPage, notModified } from "./http/shared-pages.server";
import { logger } from "./lib/logger.server";
import { stylesheetFor } from "./lib/page-stylesheet.server";
import fontsCss from "./styles/fonts.css?inline";

export const streamTimeout = 5_000;

/**
 * A loader's or action's fault (React Router answers it with the error page or a 500) goes to the
 * operator log with the request's id and user (app/lib/logger.server.ts); a request the client
 * gave up on is not a fault.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // An address that carries a secret (a "forgot password" link's `:token`, which opens an account
  // for an hour) is named by its route's pattern, as the request log names it (server/route-policy.ts).
  const { route } = requestFacts(context);
  const path = /(^|\/):token(\/|$)/.test(route) ? route : new URL(request.url).pathname;
  logger().error({ err: error, method: request.method, path }, "request failed");
};

/**
 * Renders every page. The only inline scripts that run are those drawn into it, React Router's:
 * the page's Content-Security-Policy names their hashes (app/http/headers.server.ts).
 *
 * The page is rendered whole before it is sent (the shop has no streamed parts), because its
 * <head> carries the stylesheet cut to the classes its body uses (app/lib/page-stylesheet.server.ts):
 * the head is written with a placeholder, which is filled once the body is known. Whole, it is
 * also compressed here, in one call (app/http/page-compression.server.ts). A visitor's page carries
 * its ETag, and a client that holds it gets 304 (app/http/shared-pages.server.ts). A few routes
 * keep their visitors' pages while the data they show is unchanged (app/http/visitor-pages.server.ts);
 * every other page is drawn for its request.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const page = (
      <InlineStyleContext value={{ css: STYLE_PLACEHOLDER, wholeHref: appCssHref }}>
        <ServerRouter context={routerContext} url={request.url} />
      </InlineStyleContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // The page is sent whole, so a Suspense boundary's content (components/lazy-part.tsx) is written
      // in its place. By default React moves a boundary that ends past 12.8 KB of page to the end,
      // to be put in place by a script: a browser without JavaScript would never show it.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const collector = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
        });
        collector.once("finish", () => {
          clearTimeout(timeoutId);
          const html = withPageStylesheet(Buffer.concat(chunks));
          if (process.env.NODE_ENV === "production")
            responseHeaders.set(
              "Content-Security-Policy",
              contentSecurityPolicy(inlineScriptHashes(html), connectOf(routerContext)),
            );
          if (isSharedPage(request, responseStatusCode, responseHeaders)) {
            markSharedPage(responseHeaders, html);
            const unchanged = notModified(request, responseHeaders);
            if (unchanged) return resolve(unchanged);
          }
          compressPage(html, encodingFor(html, request.headers.get("accept-encoding")))
            .then((compressed) => resolve(pageAnswer(compressed, responseHeaders, responseStatusCode)))
            .catch(reject);
        });
        pipe(collector);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // A fault in the shell goes to onShellError and React Router's own handling.
        if (shellRendered) logger().error({ err: error }, "rendering a page failed");
      },
    });
  });
}

/** The origins the page's routes declare their scripts talk to (app/http/limits.ts: httpPolicy). */
function connectOf({ staticHandlerContext, routeModules }: EntryContext): string[] {
  return staticHandlerContext.matches.flatMap(
    (match) => (routeModules[match.route.id]?.handle as { http?: HttpPolicy } | undefined)?.http?.connect ?? [],
  );
}

/** Stands in the <head> for the stylesheet until the page's body is known. */
const STYLE_PLACEHOLDER = "/*the page's stylesheet*/";

/**
 * The page's bytes with its stylesheet in place of the placeholder: the fonts, then the rules the
 * page uses. The fonts are declared here only, never in the whole stylesheet the browser adds
 * after hydration: declared again there, they made a phone lay the whole page out a second time
 * (about 40 ms of a fast CPU on the silk shops, four times that on a phone's).
 *
 * The page stays bytes: what is read of it (class names, custom properties) is ASCII, so the body
 * is read as Latin-1, one character a byte, instead of being decoded from UTF-8 and encoded again
 * for a page of Thai text.
 */
function withPageStylesheet(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = html.indexOf(STYLE_PLACEHOLDER);
  if (at === -1) return html;
  const rest = html.subarray(at + STYLE_PLACEHOLDER.length);
  const css = fontsCss + stylesheetFor(appCss, rest.toString("latin1"));
  return Buffer.concat([html.subarray(0, at), Buffer.from(css), rest]);
}
