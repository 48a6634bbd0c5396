import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { expect, vi } from "vitest";
import { db } from "~/data/db.server";
import { logger } from "~/lib/logger.server";
import { loadContextFor } from "../../../server/route-policy";
import { prepareBuild } from "../../support/http-server";
import { clientAddressOf } from "../../support/requests";

/*
 * The built shop (the production build the hardening tests start, from prepareBuild: CI builds it
 * once) answering requests in this process, against this test file's own database: the build's
 * data module finds the connection tests/setup/database.ts put on globalThis. Loading it takes a few
 * seconds once per file. A `Browser` here is a browser without JavaScript: it sends its cookies,
 * follows redirects and reads the HTML the shop draws, so a test sees the page, the error view and
 * the notice as a person would.
 */

type Handler = (request: Request) => Promise<Response>;
let handler: Promise<Handler> | undefined;

function shop(): Promise<Handler> {
  handler ??= (async () => {
    const dir = prepareBuild();
    const build = (await import(pathToFileURL(path.join(dir, "build", "server", "index.js")).href)) as ServerBuild;
    const handle = createRequestHandler(build, "production");
    // With the context the shop's server gives each request (its route's policy, the client's address).
    return (request) =>
      handle(request, loadContextFor(build, request, { clientAddress: clientAddressOf(request) }).context);
  })();
  return handler;
}

/** Loads the build once for the file (a build is made first when the sources are newer). */
export async function openShop(): Promise<void> {
  await shop();
}

const ORIGIN = "http://shop.test";

/** The shop's answer to one request, as it leaves React Router (no redirect followed, no cookie kept). */
export async function answerTo(pathname: string, headers: HeadersInit = {}): Promise<Response> {
  return (await shop())(new Request(new URL(pathname, ORIGIN), { headers }));
}

/** The shop's answer to a request of the test's own making (a form posted), as it leaves React Router. */
export async function answerToRequest(request: Request): Promise<Response> {
  return (await shop())(request);
}

export interface Page {
  status: number;
  /** Where the last answer came from, after redirects. */
  url: string;
  html: string;
}

export class Browser {
  private readonly jar = new Map<string, string>();

  constructor(cookie?: string) {
    if (cookie) this.keep(cookie);
  }

  private keep(pair: string) {
    const at = pair.indexOf("=");
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === "") this.jar.delete(name);
    else this.jar.set(name, value);
  }

  /** The names of the cookies this browser holds now. */
  cookieNames(): string[] {
    return [...this.jar.keys()];
  }

  private cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private async send(pathname: string, init: { method: string; body?: FormData; referer?: string }): Promise<Response> {
    const headers = new Headers();
    if (this.jar.size) headers.set("Cookie", this.cookieHeader());
    if (init.method !== "GET") headers.set("Origin", ORIGIN);
    if (init.referer) headers.set("Referer", new URL(init.referer, ORIGIN).href);
    const response = await (await shop())(
      new Request(new URL(pathname, ORIGIN), { method: init.method, headers, body: init.body }),
    );
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0]!;
      // An expired cookie (Max-Age=0 or a past Expires) is gone.
      if (/;\s*max-age=0/i.test(header) || /expires=Thu, 01 Jan 1970/i.test(header))
        this.keep(`${pair.slice(0, pair.indexOf("="))}=`);
      else this.keep(pair);
    }
    return response;
  }

  private async follow(response: Response, url: string): Promise<Page> {
    let current = response;
    let at = url;
    for (let hops = 0; current.status >= 300 && current.status < 400 && hops < 5; hops++) {
      const next = new URL(current.headers.get("Location")!, new URL(at, ORIGIN));
      at = next.pathname + next.search;
      await current.body?.cancel();
      current = await this.send(at, { method: "GET" });
    }
    return { status: current.status, url: at, html: await current.text() };
  }

  /** Opens a page, as typing its address would. */
  async open(pathname: string): Promise<Page> {
    return this.follow(await this.send(pathname, { method: "GET" }), pathname);
  }

  /** Sends a form from the page at `from` to its action (`to`, the page itself by default). */
  async submit(from: string, fields: Record<string, string | string[]>, to = from): Promise<Page> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    return this.follow(await this.send(to, { method: "POST", body, referer: from }), to);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the HTML

function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The words of an HTML fragment, as a person reads them (tags gone, spaces collapsed). */
export function words(html: string): string {
  return decode(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of every element whose opening tag matches `opening` (its own closing tag ends it; no nesting of the same tag). */
export function textsOf(html: string, opening: RegExp): string[] {
  const found: string[] = [];
  const pattern = new RegExp(opening.source, `g${opening.flags.replace("g", "")}`);
  for (const match of html.matchAll(pattern)) {
    const tag = /^<([a-z0-9]+)/i.exec(match[0])![1]!;
    const start = match.index! + match[0].length;
    const end = html.indexOf(`</${tag}>`, start);
    found.push(words(html.slice(start, end)));
  }
  return found;
}

/** The notice dialog's message (spec section 8's notices), or null when the page shows none. */
export function noticeOn(page: Page): string | null {
  return textsOf(page.html, /<p[^>]*data-testid="notice"[^>]*>/)[0] ?? null;
}

/** The notice dialog's kind ("alertdialog" for an error), or null. */
export function noticeRole(page: Page): string | null {
  return /<dialog[^>]*role="([a-z]+)"/.exec(page.html)?.[1] ?? null;
}

/** Texts of the page's alerts (role="alert": error views, form errors). */
export function alertsOn(page: Page): string[] {
  return textsOf(page.html, /<(?:section|p|div)[^>]*role="alert"[^>]*>/);
}

/** The page's main heading. */
export function headingOn(page: Page): string | null {
  return textsOf(page.html, /<h1[^>]*>/)[0] ?? null;
}

/** The cells of a table's body rows, row by row (an empty table's one cell included). */
export function bodyRows(page: Page): string[][] {
  return [...page.html.matchAll(/<tbody[^>]*>([\s\S]*?)<\/tbody>/g)].flatMap(([, body]) =>
    [...body!.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell]) => words(cell!)),
    ),
  );
}

/** The label and value of every pair in the page's details lists (dt, dd), in order. */
export function detailsOn(page: Page): [string, string][] {
  return [...page.html.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)].map(([, label, value]) => [
    words(label!),
    words(value!),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Database failures, caused for real

/*
 * A page fails to load when the database answers its query with an error while the session
 * lookup before it still works (a table or column it needs is not there, as while a migration is
 * half applied). Renaming the table or column does exactly that in PGlite and in PostgreSQL, and
 * renaming it back afterwards restores the database as it was. Nothing is mocked: the shop's own
 * query reaches the database and gets the database's own error.
 */

export async function whileTableIsGone<T>(table: string, during: () => Promise<T>): Promise<T> {
  await db().$executeRawUnsafe(`ALTER TABLE "${table}" RENAME TO "${table}_gone"`);
  try {
    return await during();
  } finally {
    await db().$executeRawUnsafe(`ALTER TABLE "${table}_gone" RENAME TO "${table}"`);
  }
}

export async function whileColumnIsGone<T>(table: string, column: string, during: () => Promise<T>): Promise<T> {
  await db().$executeRawUnsafe(`ALTER TABLE "${table}" RENAME COLUMN "${column}" TO "${column}_gone"`);
  try {
    return await during();
  } finally {
    await db().$executeRawUnsafe(`ALTER TABLE "${table}" RENAME COLUMN "${column}_gone" TO "${column}"`);
  }
}

/**
 * A write the database refuses: a CHECK constraint (NOT VALID, so rows already there stay) that
 * the shop's update breaks, answered by the database with a constraint violation.
 */
export async function whileDatabaseRefuses<T>(table: string, check: string, during: () => Promise<T>): Promise<T> {
  await db().$executeRawUnsafe(`ALTER TABLE "${table}" ADD CONSTRAINT "test_refuses" CHECK (${check}) NOT VALID`);
  try {
    return await during();
  } finally {
    await db().$executeRawUnsafe(`ALTER TABLE "${table}" DROP CONSTRAINT "test_refuses"`);
  }
}

/**
 * Runs a request the database fails under and checks that the shop logged the fault (for whoever
 * runs it), keeping the log out of the test's output.
 */
export async function faultLogged<T>(run: () => Promise<T>): Promise<T> {
  // The shop's one logger (app/lib/logger.server.ts, shared through globalThis with the build).
  const log = vi.spyOn(logger(), "error").mockImplementation(() => {});
  try {
    const result = await run();
    expect(log).toHaveBeenCalled();
    return result;
  } finally {
    log.mockRestore();
  }
}
