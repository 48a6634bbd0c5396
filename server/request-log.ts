import { randomUUID } from "node:crypto";
import type express from "express";
import { pinoHttp } from "pino-http";
import { isTrustedProxy, type TrustedProxies } from "../app/config.server";
import { logger, type RequestLogContext, requestContext } from "../app/lib/logger.server";
import { HEALTH_PATH, READY_PATH } from "./health";

/** The request log (docs/decisions.md, 49): one JSON line per answer of the shop's port. */

type Locals = { route?: string };

/** An incoming request id is kept only from a trusted proxy, and only when it looks like one. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * One JSON line per answer (pino-http): request id, method, path without its query, route
 * pattern, status, duration (durationMs) and the signed-in user's id; health, readiness and
 * metrics only at debug level. Every request gets an id, sent back as X-Request-Id; an incoming
 * X-Request-Id is kept only behind a trusted proxy (TRUST_PROXY) and when it is 8 to 128 letters,
 * digits or `._:-`. Code that logs while the request is answered (app/lib/logger.server.ts) gets
 * the same id and user through the request context.
 */
export function requestLog(
  trustedProxies: TrustedProxies,
  /** The route pattern to log in place of an address that carries a secret (server/route-policy.ts: secretAddresses). */
  secretPattern: (pathname: string) => string | null = () => null,
): express.RequestHandler[] {
  const pathOf = (url: string | undefined): string => {
    const path = (url ?? "").split("?")[0] ?? "";
    return secretPattern(path) ?? path;
  };
  const http = pinoHttp({
    logger: logger(),
    genReqId(req, res) {
      const incoming = req.headers["x-request-id"];
      const id =
        isTrustedProxy(trustedProxies, req.socket.remoteAddress) &&
        typeof incoming === "string" &&
        SANE_REQUEST_ID.test(incoming)
          ? incoming
          : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel(req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      if (HEALTH_PATHS.has(pathOf(req.url))) return "debug";
      return "info";
    },
    customAttributeKeys: { responseTime: "durationMs" },
    // Only at the answer (not when the request starts: its route and user are not known yet).
    customProps(req, res) {
      if (!res.headersSent) return {};
      const route = ((res as express.Response).locals as Locals | undefined)?.route;
      // The request id and user come with the request context (the logger's mixin) when the answer
      // ends inside it; otherwise (a connection cut) from the request itself.
      if (requestContext.getStore()) return { route };
      const store = (req as { shopLog?: RequestLogContext }).shopLog;
      return { route, reqId: req.id, userId: store?.userId };
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: pathOf(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return [
    http as unknown as express.RequestHandler,
    (req, _res, next) => {
      const store: RequestLogContext = { reqId: String(req.id) };
      (req as { shopLog?: RequestLogContext }).shopLog = store;
      requestContext.run(store, next);
    },
  ];
}

const HEALTH_PATHS = new Set([HEALTH_PATH, READY_PATH]);
