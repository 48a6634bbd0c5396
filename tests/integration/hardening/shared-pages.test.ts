import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  prepareBuild,
  startApp,
} from "../../support/http-server";
import { flatRoutes } from "./route-table";

/*
 * A page drawn for somebody is never what a visitor gets, nor what a shared cache may store for
 * visitors (app/http/shared-pages.server.ts). The session cookie is sent as an attacker would
 * spell it, every way the cookie parser still reads as signed in, to every page a visitor can get;
 * then visitors ask for the same page, twice. None of them may see the person's name or account menu. The
 * real HTTP server, behind a proxy (TRUST_PROXY=1, X-Forwarded-Proto), so that the HTTPS cookie
 * (`__Host-shop_session`) and two Cookie header lines are what the shop itself receives.
 */

let database: AppDatabase;
let shop: AppProcess;

beforeAll(async () => {
  const buildDir = prepareBuild();
  database = await createAppDatabase("shared_pages");
  shop = await startApp(buildDir, database, { TRUST_PROXY: "1" });
}, 240_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

interface Answer {
  status: number;
  headers: Map<string, string[]>;
  body: string;
}

/**
 * One GET written by hand on a socket: header lines exactly as given (fetch would merge two Cookie
 * headers into one, and refuses some spellings). No Accept-Encoding, so the body is the page.
 */
function rawGet(pathname: string, headerLines: readonly string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(shop.port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = raw.subarray(0, split).toString("latin1").split("\r\n");
      const headers = new Map<string, string[]>();
      for (const line of lines) {
        const at = line.indexOf(":");
        const name = line.slice(0, at).trim().toLowerCase();
        headers.set(name, [...(headers.get(name) ?? []), line.slice(at + 1).trim()]);
      }
      let body: Buffer = raw.subarray(split + 4);
      if (headers.get("transfer-encoding")?.[0] === "chunked") body = dechunked(body);
      resolve({ status: Number(statusLine!.split(" ")[1]), headers, body: body.toString("utf8") });
    });
    socket.write(
      [`GET ${pathname} HTTP/1.1`, `Host: 127.0.0.1:${shop.port}`, "Connection: close", ...headerLines, "", ""].join(
        "\r\n",
      ),
    );
  });
}

function dechunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", at);
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** Every page a visitor can get: the route table's pages that answer a visitor 200 with HTML, and one shop's pages. */
async function visitorPages(): Promise<string[]> {
  const candidates = flatRoutes()
    .filter((route) => !route.path.startsWith("/api/") && !/[:*]|\.\w+$/.test(route.path))
    .map((route) => route.path);
  const shops = (await (await call(shop, "/api/public/merchants")).json()) as
    | { items?: { id: number }[] }
    | { id: number }[];
  const tailorId = (Array.isArray(shops) ? shops : (shops.items ?? []))[0]!.id;
  candidates.push(`/merchant/info?shop=${tailorId}`, `/merchant/info/${tailorId}/reviews`, "/merchant/info?page=1");
  const pages: string[] = [];
  for (const pathname of [...new Set(candidates)]) {
    const answer = await rawGet(pathname, []);
    if (answer.status === 200 && answer.headers.get("content-type")?.[0]?.includes("text/html")) pages.push(pathname);
  }
  return pages;
}

/** The person's marks on a page drawn for them: their name and the account menu's logout form. */
function showsPerson(html: string, name: string): boolean {
  return html.includes(name) || html.includes('action="/logout"');
}

describe("a page drawn for a signed-in person is never a visitor's", () => {
  test("with the session cookie spelled every way the parser reads, on every page a visitor can get", async () => {
    const pages = await visitorPages();
    // The public pages a browser or proxy may store for visitors (with their ETag) are among them.
    for (const kept of ["/", "/contact", "/privacy", "/login", "/register", "/measurements/guide", "/merchant/info"])
      expect(pages).toContain(kept);

    const login = await call(shop, "/api/auth/login", { json: { email: "user@example.com", password: "demo1234" } });
    const cookieOf = (name: string) =>
      login.headers
        .getSetCookie()
        .find((header) => header.startsWith(`${name}=`))!
        .split(";")[0]!;
    const plain = cookieOf("shop_session");
    const value = plain.slice(plain.indexOf("=") + 1);
    // The browser's device cookie (a visitor may carry it alone and still be a visitor).
    const device = cookieOf("shop_device");
    const profile = (await (await call(shop, "/api/user/profile", { cookie: plain })).json()) as { name: string };
    const name = profile.name;
    expect(name.length).toBeGreaterThan(0);
    // Behind the proxy over HTTPS the cookie is __Host-shop_session; its value is signed the same way.
    const https = "X-Forwarded-Proto: https";
    const spellings: { label: string; lines: string[] }[] = [
      { label: "a space before =", lines: [`Cookie: shop_session =${value}`] },
      { label: "a tab before =", lines: [`Cookie: shop_session\t=${value}`] },
      { label: "spaces around", lines: [`Cookie:  shop_session = ${value} `] },
      { label: "after another cookie", lines: [`Cookie: theme=dark;shop_session =${value}`] },
      { label: "twice", lines: [`Cookie: shop_session=${value}; shop_session=${value}`] },
      { label: "URL-encoded", lines: [`Cookie: shop%5Fsession=${value}`] },
      { label: "in two Cookie headers", lines: ["Cookie: theme=dark", `Cookie: shop_session =${value}`] },
      { label: "__Host- behind the proxy", lines: [https, `Cookie: __Host-shop_session=${value}`] },
      { label: "__Host- with a space", lines: [https, `Cookie: __Host-shop_session =${value}`] },
      { label: "__Host- in the second header", lines: [https, "Cookie: a=b", `Cookie: __Host-shop_session=${value}`] },
      { label: "beside the device cookie", lines: [`Cookie: ${device}; shop_session =${value}`] },
      { label: "before the device cookie", lines: [`Cookie: shop_session=${value}; ${device}`] },
    ];

    let probe = 0;
    const signedInBy = new Set<string>();
    for (const page of pages) {
      for (const spelling of spellings) {
        // An address no one has asked for yet: what the person's request draws would be the first kept there.
        probe += 1;
        const pathname = `${page}${page.includes("?") ? "&" : "?"}probe=${probe}`;
        const asPerson = await rawGet(pathname, spelling.lines);
        expect(asPerson.status, `${pathname} ${spelling.label}`).toBeLessThan(500);
        if (showsPerson(asPerson.body, name)) {
          signedInBy.add(spelling.label);
          // Drawn for them: no cache on the way may keep it either.
          expect(asPerson.headers.get("cache-control"), `${pathname} ${spelling.label}`).toEqual(["private, no-store"]);
        }
        for (const visitorHeaders of [[], [], ["X-Forwarded-Proto: https"], [`Cookie: ${device}`]]) {
          const asVisitor = await rawGet(pathname, visitorHeaders);
          expect(asVisitor.status, pathname).toBe(200);
          expect(showsPerson(asVisitor.body, name), `${pathname} after ${spelling.label}`).toBe(false);
        }
      }
    }
    // The spellings did sign the person in (the test would prove nothing otherwise): all but the
    // URL-encoded name, which the parser does not read as the session cookie.
    expect([...signedInBy].sort()).toEqual(
      spellings
        .map((spelling) => spelling.label)
        .filter((label) => label !== "URL-encoded")
        .sort(),
    );
  }, 300_000);
});
