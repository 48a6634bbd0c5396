import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import { commonSecurityHeaders } from "../app/security/headers.server";
import { crossSiteRefusal, isCrossSite } from "../app/security/origin";

const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface ShopServerOptions {
  /** The folder with client/ and server/ from `react-router build`. */
  buildDir: string;
  trustProxy: boolean;
}

/**
 * The HTTP server around the React Router build: compression, long-lived caching
 * for fingerprinted assets, then every other request to the app.
 */
export async function createShopServer({ buildDir, trustProxy }: ShopServerOptions) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  if (trustProxy) app.set("trust proxy", 1);
  app.use(compression());
  // An answer sent before the request body was read (a refusal) still reads the rest of the body
  // and throws it away: the client can finish sending and read the answer, and a kept-alive
  // connection stays usable. (React Router's body stream has paused the request, so Node would not
  // drain it by itself; closing instead would cut off a client still sending.) At most
  // MAX_BODY_BYTES are drained, which also bounds chunked bodies the check below cannot see.
  app.use((req, res, next) => {
    res.on("finish", () => {
      if (req.complete || req.destroyed || res.getHeader("Connection") === "close") return;
      req.removeAllListeners("data");
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_BODY_BYTES) req.destroy();
      });
      req.resume();
    });
    next();
  });
  app.use((req, res, next) => {
    res.set(commonSecurityHeaders(req.secure));
    next();
  });
  // No request body is larger than a sample photo upload; refuse before reading it.
  app.use((req, res, next) => {
    const length = Number(req.get("content-length") ?? 0);
    if (length > MAX_BODY_BYTES) {
      res.status(413).set("Connection", "close").type("text/plain; charset=utf-8").send("ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป");
      return;
    }
    next();
  });
  // Writes from other sites stop here, before React Router reads a body.
  app.use(async (req, res, next) => {
    const origin = { method: req.method, host: req.get("host") ?? "", origin: req.get("origin") ?? null, fetchSite: req.get("sec-fetch-site") ?? null };
    if (!isCrossSite(origin)) return next();
    const refusal = crossSiteRefusal(req.path);
    res.status(refusal.status).type(refusal.headers.get("Content-Type") ?? "text/plain").send(await refusal.text());
  });
  // The address this server saw, for per-address limits; a client cannot set it.
  app.use((req, _res, next) => {
    req.headers["x-shop-client-address"] = req.ip ?? "unknown";
    next();
  });
  const clientDir = path.join(buildDir, "client");
  // Vite fingerprints everything under /assets: cache it for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }));
  // The other public files (favicon, images) are few: only their names go to the file system,
  // so a page request does not first look for a file of its path on disk.
  const publicFiles = express.static(clientDir, { maxAge: "1d" });
  const publicNames = new Set(readdirSync(clientDir).filter((name) => name !== "assets"));
  app.use((req, res, next) => (publicNames.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  app.use(createRequestHandler({ build, mode: process.env.NODE_ENV }));
  return app;
}
