import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
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
 * Every request body is limited while it streams (server/app.ts, decision 31), whatever its
 * framing. A chunked body says nothing of its size up front: it is cut off at its path's limit
 * (256 KB, 8 MB for the designer's saves; or one piece per 512 bytes of it) with a 413 in Thai and nothing more of it is read, so an app process taking four
 * 400 MB bodies at once stays within 100 MB of its idle size. Bodies just under the limit still
 * work, and a refusal given before the body is read drains it only up to the limit.
 */

const MB = 1024 * 1024;
/** Most writes (app/http/limits.ts); the designer's saves take 8 MB. */
const LIMIT = 256 * 1024;
const HUGE = 400 * MB;
/**
 * What a client gets to send of a huge body when the server stops reading at the limit: the limit
 * and what the two sockets' buffers take in on the way (Linux lets a receive buffer grow to 32 MB).
 */
const MOST_SENT = 64 * MB;
const TOO_LARGE = "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป";
const USER = "user@example.com";
const PASSWORD = "demo1234";

let buildDir: string;
let database: AppDatabase;
let app: AppProcess;
let cookie: string;
let designId: number;

interface Answer {
  status: number;
  text: string;
  /** Body bytes the client got to write before the answer came. */
  sent: number;
}

interface ChunkedBody {
  /** What the body starts with (a JSON object, form fields). */
  head: string;
  /** The whole body's size in bytes: head, then `fill` up to this size. */
  size: number;
  fill?: string;
  headers?: Record<string, string>;
}

/**
 * POSTs a body with Transfer-Encoding: chunked (64 KB chunks), on a connection of its own. Writing
 * stops once an answer arrives; after 60 s the request is given up.
 */
function sendChunked(pathname: string, { head, size, fill = " ", headers = {} }: ChunkedBody): Promise<Answer> {
  const block = Buffer.alloc(64 * 1024, fill);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => request.destroy(new Error("no answer within 60 s")), 60_000);
    const request = http.request(
      `${app.origin}${pathname}`,
      { method: "POST", agent: false, headers: { Origin: app.origin, "Transfer-Encoding": "chunked", ...headers } },
      (response) => {
        answered = true;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        // "close", not "end": once the answer is in, Node's client ends the connection itself,
        // and a write still under way then fails (EPIPE) while the answer is read.
        response.on("close", () => {
          clearTimeout(timer);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, text, sent });
        });
      },
    );
    request.on("error", (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(new Error(`${pathname}: ${error.message} after ${sent} bytes, no answer`));
    });
    const writing = () => !request.destroyed && !answered;
    const write = () => {
      while (writing() && sent < size) {
        const piece = block.subarray(0, Math.min(block.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      if (writing()) request.end();
    };
    const start = Buffer.from(head);
    sent = start.length;
    request.write(start);
    write();
  });
}

/** Chunk frames to write at a time: one chunk of 64 KB, or ten thousand chunks of one byte. */
const BIG_CHUNKS = { wire: Buffer.from(`10000\r\n${" ".repeat(64 * 1024)}\r\n`), bytes: 64 * 1024 };
const TINY_CHUNKS = { wire: Buffer.from("1\r\n \r\n".repeat(10_000)), bytes: 10_000 };

interface RawBody {
  chunks: typeof BIG_CHUNKS;
  /** Body bytes to send at most. */
  size: number;
  /** Stop sending at the answer, or go on until the server ends the connection (Node's own client ends it itself once answered). */
  afterAnswer: "stop" | "go on";
}

/**
 * POSTs a chunked body over a plain socket, with chunks of the size asked for. Gives what came
 * back (status line and body, undecoded) and the body bytes written before the connection ended.
 */
function sendRaw(
  pathname: string,
  headers: Record<string, string>,
  { chunks, size, afterAnswer }: RawBody,
): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve) => {
    let sent = 0;
    const received: Buffer[] = [];
    const socket = connect(app.port, "127.0.0.1");
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer: Buffer.concat(received).toString("utf8"), sent });
    };
    const timer = setTimeout(done, 60_000);
    socket.on("data", (data: Buffer) => received.push(data));
    socket.on("error", done);
    socket.on("close", done);
    const head = { Host: `127.0.0.1:${app.port}`, Origin: app.origin, "Transfer-Encoding": "chunked", ...headers };
    socket.write(
      `POST ${pathname} HTTP/1.1\r\n${Object.entries(head)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("")}\r\n`,
    );
    const writing = () => !socket.destroyed && (afterAnswer === "go on" || received.length === 0);
    const write = () => {
      while (writing() && sent < size) {
        sent += chunks.bytes;
        if (!socket.write(chunks.wire)) return void socket.once("drain", write);
      }
      if (writing()) socket.end("0\r\n\r\n");
    };
    write();
  });
}

const json = { "Content-Type": "application/json" };
const form = { "Content-Type": "application/x-www-form-urlencoded" };

/** A valid registration, as a form or as JSON, with an e-mail of its own. */
function registration(email: string) {
  const fields = {
    email,
    password: "long-enough-1",
    confirmPassword: "long-enough-1",
    name: "ผู้ทดสอบ ขนาดข้อมูล",
    phone: "0812345678",
    dob: "1990-01-01",
  };
  return { form: `${new URLSearchParams(fields)}&pad=`, json: JSON.stringify(fields) };
}

/** Resident memory of a process, and its peak since the peak was last reset, in bytes (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kilobytes("VmRSS"), peak: kilobytes("VmHWM") };
}

async function canLogIn(email: string, password: string): Promise<boolean> {
  const response = await call(app, "/api/auth/login", { json: { email, password } });
  await response.arrayBuffer();
  return response.status === 200;
}

beforeAll(async () => {
  buildDir = prepareBuild();
  database = await createAppDatabase("body");
  app = await startApp(buildDir, database);
  cookie = await loginCookie(app, USER, PASSWORD);
  const merchants = (await (await call(app, "/api/public/merchants")).json()) as {
    designModels: { id: number; price: unknown }[];
  }[];
  designId = merchants.flatMap((merchant) => merchant.designModels).find((design) => design.price !== null)!.id;
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

test("four 400 MB chunked bodies at once raise the app's memory by less than 100 MB", async () => {
  // First in this file, on a process that has not yet taken a large body. Idle: after the same
  // calls with small bodies, so the code they run is loaded.
  const pid = app.child.pid!;
  await sendChunked("/login", {
    head: `email=${encodeURIComponent(USER)}&password=wrong-password&pad=`,
    size: 1024,
    fill: "a",
    headers: form,
  });
  await sendChunked("/register", { head: registration("idle@example.com").form, size: 1024, fill: "a", headers: form });
  await sendChunked("/api/auth/register", {
    head: registration("idle-json@example.com").json,
    size: 1024,
    headers: json,
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = memoryOf(pid).rss;
  // The peak from here on (writing 5 to clear_refs resets VmHWM), and samples in case it cannot.
  let resetPeak = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    resetPeak = false;
  }
  let sampled = idle;
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 20);
  try {
    const answers = await Promise.all([
      sendChunked("/login", {
        head: `email=${encodeURIComponent(USER)}&password=${PASSWORD}&pad=`,
        size: HUGE,
        fill: "a",
        headers: form,
      }),
      sendChunked("/register", {
        head: registration("huge-page@example.com").form,
        size: HUGE,
        fill: "a",
        headers: form,
      }),
      sendChunked("/api/cart/add", {
        head: JSON.stringify({ designId, quantity: 1 }),
        size: HUGE,
        headers: { ...json, Cookie: cookie },
      }),
      sendChunked("/api/auth/register", {
        head: registration("huge-json@example.com").json,
        size: HUGE,
        headers: json,
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const peak = Math.max(sampled, resetPeak ? memoryOf(pid).peak : 0);
    console.info(
      `app memory: idle ${(idle / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB (+${((peak - idle) / MB).toFixed(1)} MB); client bytes written ${answers.map((answer) => (answer.sent / MB).toFixed(1)).join(", ")} MB`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
    expect(peak - idle).toBeLessThan(100 * MB);
  } finally {
    clearInterval(sampler);
  }
}, 180_000);

describe("a chunked body over the limit is refused with 413 while it streams", () => {
  test("the login page", async () => {
    const answer = await sendChunked("/login", {
      head: `email=${encodeURIComponent(USER)}&password=${PASSWORD}&pad=`,
      size: HUGE,
      fill: "a",
      headers: form,
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(TOO_LARGE);
    // The server stopped reading at the limit: the rest never left the client.
    expect(answer.sent).toBeLessThan(MOST_SENT);
  }, 90_000);

  test("the register page: no account is made", async () => {
    const email = "too-large-page@example.com";
    const answer = await sendChunked("/register", {
      head: registration(email).form,
      size: HUGE,
      fill: "a",
      headers: form,
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(TOO_LARGE);
    expect(answer.sent).toBeLessThan(MOST_SENT);
    expect(await canLogIn(email, "long-enough-1")).toBe(false);
  }, 90_000);

  test("add to cart: nothing is added", async () => {
    const before = ((await (await call(app, "/api/cart", { cookie })).json()) as unknown[]).length;
    const answer = await sendChunked("/api/cart/add", {
      head: JSON.stringify({ designId, quantity: 1 }),
      size: HUGE,
      headers: { ...json, Cookie: cookie },
    });
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(TOO_LARGE);
    expect(answer.sent).toBeLessThan(MOST_SENT);
    expect(((await (await call(app, "/api/cart", { cookie })).json()) as unknown[]).length).toBe(before);
  }, 90_000);

  test("a body that says its length is still refused before it is read", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${app.origin}/api/auth/login`,
        { method: "POST", agent: false, headers: { Origin: app.origin, ...json, "Content-Length": String(LIMIT + 1) } },
        (response) => {
          resolve(response.statusCode ?? 0);
          request.destroy();
        },
      );
      request.on("error", reject);
      request.write("{");
    });
    expect(status).toBe(413);
  });

  test("a body of one-byte chunks is refused after 512 of them, far below the byte limit", async () => {
    const started = Date.now();
    const { answer, sent } = await sendRaw("/api/auth/login", json, {
      chunks: TINY_CHUNKS,
      size: 2 * MB,
      afterAnswer: "stop",
    });
    expect(answer).toMatch(/^HTTP\/1.1 413 /);
    expect(answer).toContain(TOO_LARGE);
    expect(sent).toBeLessThan(2 * MB);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 90_000);
});

describe("bodies under the limit", () => {
  test("a chunked JSON body just under the limit adds to the cart", async () => {
    const answer = await sendChunked("/api/cart/add", {
      head: JSON.stringify({ designId, quantity: 1 }),
      size: LIMIT - 1024,
      headers: { ...json, Cookie: cookie },
    });
    expect(answer.status).toBe(201);
  }, 90_000);

  test("a chunked form just under the limit logs in", async () => {
    const answer = await sendChunked("/login", {
      head: `email=${encodeURIComponent(USER)}&password=${PASSWORD}&pad=`,
      size: LIMIT - 1024,
      fill: "a",
      headers: form,
    });
    expect([302, 303]).toContain(answer.status);
  }, 90_000);
});

describe("the designer's saves carry a picture", () => {
  test("a 2 MB body to the designer's JSON call is read (and refused as bad JSON), not cut off", async () => {
    const answer = await sendChunked("/api/design", {
      head: '{"picture":"',
      size: 2 * MB,
      fill: "a",
      headers: { ...json, Cookie: cookie },
    });
    expect(answer.status).toBe(400);
  }, 90_000);
});

describe("a refusal given before the body is read drains the rest of it (decision 24), up to the limit", () => {
  test("a huge body: the connection is closed after the limit", async () => {
    // A write from another site is refused before its body is read; the client goes on sending.
    const { answer, sent } = await sendRaw(
      "/api/auth/login",
      { ...json, Origin: "http://elsewhere.example" },
      { chunks: BIG_CHUNKS, size: HUGE, afterAnswer: "go on" },
    );
    expect(answer).toMatch(/^HTTP\/1.1 403 /);
    expect(sent).toBeLessThan(MOST_SENT);
  }, 90_000);

  test("a small body: the connection serves the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const once = (method: string, body?: Buffer) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const request = http.request(
          `${app.origin}/api/public/info`,
          { method, agent, headers: { Origin: "http://elsewhere.example" } },
          (response) => {
            response.resume();
            response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
          },
        );
        request.on("error", reject);
        if (body) for (let i = 0; i < 16; i++) request.write(body);
        request.end();
      });
    try {
      expect((await once("POST", Buffer.alloc(64 * 1024, "a"))).status).toBe(403);
      expect(await once("GET")).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
