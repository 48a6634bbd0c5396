import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PATTERN_OPTIONS } from "~/domain/catalogue/options";
import { isCrossSite } from "~/http/origin";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  loginCookie,
  prepareBuild,
  startApp,
} from "../../support/http-server";

/**
 * The HTTP edge over real HTTP (server/app.ts around app/http): caching of personal answers,
 * the Origin check by scheme, host and port, and each header once.
 */

let buildDir: string;
let database: AppDatabase;
let imageId: number;
let app: AppProcess | undefined;

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("edge");
  // A stored image to ask for (before the app opens the database: PGlite is one process's).
  const connection = database.open();
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  );
  const image = await connection.prisma.storedImage.create({
    data: { contentType: "image/png", sha256: "edge-test", width: 1, height: 1, bytes: png },
  });
  imageId = image.id;
  await connection.close();
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

async function serve(env: Record<string, string> = {}): Promise<AppProcess> {
  await app?.stop();
  app = await startApp(buildDir, database, env);
  return app;
}

/** The raw header lines of an answer (fetch joins repeated headers with ", "). */
function rawHeaders(shop: AppProcess, pathname: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    http
      .get(`${shop.origin}${pathname}`, (response) => {
        response.resume();
        resolve(response.rawHeaders);
      })
      .on("error", reject);
  });
}

function countOf(raw: string[], name: string): number {
  return raw.filter((value, index) => index % 2 === 0 && value.toLowerCase() === name.toLowerCase()).length;
}

describe("the edge over HTTP (no proxy)", () => {
  let shop: AppProcess;
  beforeAll(async () => {
    shop = await serve();
  }, 120_000);

  test("a page's scripts talk to the shop alone, but where its route declares more (the LIFF page: LINE)", async () => {
    const policyOf = async (pathname: string) => {
      const answer = await call(shop, pathname);
      await answer.text();
      return answer.headers.get("Content-Security-Policy") ?? "";
    };
    // Without LIFF_ID the LIFF page is a 404 drawn on its own route: its declaration still holds.
    expect(await policyOf("/liff")).toContain("connect-src 'self' https://api.line.me https://access.line.me");
    for (const pathname of ["/", "/login", "/no-such-page"])
      expect(await policyOf(pathname)).toContain("connect-src 'self';");
  });

  test("an address with doubled slashes goes to the same address with single ones, never to another site", async () => {
    // "//" was a 500: the address of no page could be read from it.
    for (const [asked, location] of [
      ["//", "/"],
      ["/contact//", "/contact/"],
      ["/merchant//info?category=a//b", "/merchant/info?category=a//b"],
      ["//other.example/x", "/other.example/x"],
    ]) {
      const answer = await call(shop, asked!);
      expect(answer.status, asked).toBe(308);
      expect(answer.headers.get("Location"), asked).toBe(location);
    }
    // A write keeps its method and body through a 308; it is not run at the doubled address.
    const write = await call(shop, "//api/user/profile", { json: { name: "x" } });
    expect(write.status).toBe(308);
    expect(write.headers.get("Location")).toBe("/api/user/profile");
    expect((await call(shop, "/contact/")).status).toBe(200);
  });

  test("signed-in pages and JSON calls are private, no-store; public catalogue calls and files keep their caching", async () => {
    const cookie = await loginCookie(shop, "user@example.com");
    const page = await call(shop, "/profile", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const json = await call(shop, "/api/user/profile", { cookie });
    expect(json.status).toBe(200);
    expect(json.headers.get("Cache-Control")).toBe("private, no-store");
    // A JSON call without a session (a refusal) is not stored either.
    const refused = await call(shop, "/api/user/profile");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    // Public calls keep their own, signed in or not.
    expect((await call(shop, "/api/public/info", { cookie })).headers.get("Cache-Control")).toBe("public, max-age=60");
    expect((await call(shop, `/api/images/${imageId}`, { cookie })).headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await call(shop, "/favicon.svg")).headers.get("Cache-Control")).toMatch(/max-age=86400/);
    // A public page for a visitor may be stored, and is asked for again with its tag (shared-pages.server.ts).
    expect((await call(shop, "/")).headers.get("Cache-Control")).toBe("no-cache");
  });

  test("scripts go out compressed at build time, brotli or gzip as the browser takes them, with few headers and never asked for again", async () => {
    const html = await (await call(shop, "/")).text();
    // The script every page loads (vite.config.ts), far over the size worth compressing.
    const pathname = /"(\/assets\/shell-[\w-]+\.js)"/.exec(html)?.[1] ?? "";
    expect(pathname).not.toBe("");
    const original = readFileSync(path.join(buildDir, "build", "client", pathname));
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${shop.origin}${pathname}`, { headers: { "Accept-Encoding": encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    // The build's copy at the best setting: the same bytes as the .br file, not compressed per answer.
    expect(br.body.equals(readFileSync(path.join(buildDir, "build", "client", `${pathname}.br`)))).toBe(true);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.etag).toBeUndefined();
    expect(br.headers["last-modified"]).toBeUndefined();
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    // Only the header a script needs; the document's own (framing, opener, referrers) stay on pages.
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["x-frame-options"]).toBeUndefined();
    expect(br.headers["accept-ranges"]).toBeUndefined();
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  test("a page goes out compressed as the browser takes it, the same page whichever way", async () => {
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${shop.origin}/contact`, { headers: { "Accept-Encoding": encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const page = (body: Buffer) => body.toString("utf8");
    const plain = await get("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("</html>");
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(page(brotliDecompressSync(br.body))).toBe(page(plain.body));
    // Compressed whole where it is rendered, so its length is known (the streaming middleware
    // would send it in chunks, without one).
    expect(br.headers["content-length"]).toBe(String(br.body.length));
    const gz = await get("br;q=0, gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(page(gunzipSync(gz.body))).toBe(page(plain.body));
    expect((await get("br;q=0.5, gzip")).headers["content-encoding"]).toBe("gzip");
    expect((await get("*")).headers["content-encoding"]).toBe("br");
  });

  test("a stored image, a drawn pattern and a page send each security header once", async () => {
    const sid = PATTERN_OPTIONS[0]!.sid;
    for (const pathname of [`/api/images/${imageId}`, `/api/assets/patterns/${sid}.svg`, "/", "/api/public/info"]) {
      const raw = await rawHeaders(shop, pathname);
      for (const name of ["X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Cache-Control"])
        expect(countOf(raw, name), `${name} of ${pathname}`).toBeLessThanOrEqual(1);
      expect(countOf(raw, "X-Content-Type-Options"), pathname).toBe(1);
    }
    const image = await call(shop, `/api/images/${imageId}`);
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  test("an idle connection is held longer than a browser or a proxy waits to send on it again", async () => {
    // The server names its idle timeout in the Keep-Alive header of each answer on a kept-alive
    // connection: at Node's 5 s, a connection reused after 5 s could be closed under the request.
    const raw = await rawHeaders(shop, "/api/public/info");
    const at = raw.findIndex((value, index) => index % 2 === 0 && value.toLowerCase() === "keep-alive");
    expect(raw[at + 1]).toBe("timeout=65");
  });

  test("an Origin with the same host on another scheme or port is another site", async () => {
    const cookie = await loginCookie(shop, "user@example.com");
    const host = new URL(shop.origin).host;
    const write = (origin: string) =>
      call(shop, "/api/user/profile", { method: "PUT", cookie, json: {}, headers: { Origin: origin } });
    expect((await write(`https://${host}`)).status).toBe(403);
    expect((await write(`http://127.0.0.1:${shop.port + 1}`)).status).toBe(403);
    expect((await write(`http://localhost:${shop.port}`)).status).toBe(403);
    // The shop's own origin passes the edge (whatever the call then says of the body).
    expect((await write(shop.origin)).status).not.toBe(403);
  });
});

describe("behind a TLS proxy (TRUST_PROXY=1)", () => {
  test("the shop's own origin is https: an http Origin is another site", async () => {
    const shop = await serve({ TRUST_PROXY: "1" });
    const cookie = await loginCookie(shop, "user@example.com");
    const host = new URL(shop.origin).host;
    const write = (origin: string) =>
      call(shop, "/api/user/profile", {
        method: "PUT",
        cookie,
        json: {},
        headers: { Origin: origin, "X-Forwarded-Proto": "https" },
      });
    expect((await write(`http://${host}`)).status).toBe(403);
    expect((await write(`https://${host}`)).status).not.toBe(403);
  }, 120_000);
});

describe("isCrossSite compares scheme, host and port", () => {
  const write = (self: string, origin: string) => isCrossSite({ method: "POST", self, origin, fetchSite: null });
  test("only the same origin is the same site", () => {
    expect(write("http://shop.example:3000", "http://shop.example:3000")).toBe(false);
    expect(write("https://shop.example", "https://shop.example:443")).toBe(false);
    expect(write("http://shop.example:3000", "https://shop.example:3000")).toBe(true);
    expect(write("http://shop.example", "https://shop.example")).toBe(true);
    expect(write("http://shop.example:3000", "http://shop.example:3001")).toBe(true);
    expect(write("https://shop.example", "http://shop.example")).toBe(true);
  });
});
