import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type AppDatabase,
  type AppProcess,
  call,
  createAppDatabase,
  loginCookie,
  onPostgres,
  prepareBuild,
  startApp,
} from "../../support/http-server";

/**
 * Slip photos through the real server (issue 45): the edge lets the slip writes' bodies through
 * up to 24 MB and the route streams the photo to disk, so a 12 MB phone photo raises the process
 * far less than its own size held twice would (the edge's copy and the action's, as every other
 * form is read); a body over the limit sent by a browser without JavaScript gets the shop's own
 * page (header, the Thai reason, a way back), not a line of text.
 */

const MB = 1024 * 1024;
const USER = "user@example.com";

let database: AppDatabase;
let app: AppProcess;
let cookie: string;
let orderIds: number[] = [];

async function noisePhoto(width: number, height: number): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

/** Accepted, unpaid orders of the demo customer, made before the app opens the database. */
async function makeDueOrders(count: number): Promise<number[]> {
  const connection = database.open();
  try {
    const prisma = connection.prisma;
    const buyer = await prisma.user.findUniqueOrThrow({ where: { email: USER }, select: { id: true } });
    const tailor = await prisma.user.findFirstOrThrow({
      where: { promptpayId: { not: null } },
      select: { id: true },
    });
    const design = await prisma.design.create({ data: { ownerId: tailor.id, baseId: "shirt1", sizeId: "size3" } });
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const order = await prisma.order.create({
        data: {
          buyerId: buyer.id,
          sellerId: tailor.id,
          designId: design.id,
          name: "เสื้อทดสอบสลิป",
          quantity: 1,
          sizeId: "size3",
          unitPrice: 700,
          totalPrice: 700,
          status: "accepted",
          orderedAt: new Date(),
        },
      });
      await prisma.orderPayment.create({ data: { orderId: order.id, status: "unpaid", amount: 700 } });
      ids.push(order.id);
    }
    return ids;
  } finally {
    await connection.close();
  }
}

/** A multipart body, as a browser sends a form with a file. */
function multipart(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = `----shop${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="IMG_0001.JPG"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: new Uint8Array(Buffer.concat(parts)), type: `multipart/form-data; boundary=${boundary}` };
}

/** Resident memory of the app process (Linux), and its peak since the peak was reset. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kilobytes("VmRSS"), peak: kilobytes("VmHWM") };
}

async function slipSize(orderId: number): Promise<{ width: number; height: number }> {
  const response = await call(app, `/api/orders/${orderId}/payment/slip`, { cookie });
  expect(response.status).toBe(200);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width: meta.width, height: meta.height };
}

const page = { Accept: "text/html,application/xhtml+xml" };

// This file's own temporary folder, for its test process and the app it starts (both read TMPDIR):
// other files' servers stream photos (slips, messages, problem reports) into the system's at the
// same time, and counting their folders here made the count flaky on a full run.
process.env.TMPDIR = mkdtempSync(path.join(tmpdir(), "slips-http-"));

beforeAll(async () => {
  const buildDir = prepareBuild();
  database = await createAppDatabase("slips");
  orderIds = await makeDueOrders(9);
  // As production runs it (package.json's `serve`): the C allocator's settings of decisions 77 and
  // 93, which give back what libvips frees, and the heap limits.
  app = await startApp(buildDir, database, {
    MALLOC_ARENA_MAX: "2",
    MALLOC_TRIM_THRESHOLD_: "1048576",
    MALLOC_MMAP_THRESHOLD_: "131072",
    NODE_OPTIONS: "--max-old-space-size=160 --max-semi-space-size=16",
  });
  cookie = await loginCookie(app, USER);
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

describe("a 12 MB phone photo", () => {
  test("sent by the order page's form without JavaScript: accepted, stored shrunk", async () => {
    const orderId = orderIds[0]!;
    const photo = await noisePhoto(3200, 2300);
    expect(photo.length).toBeGreaterThan(11 * MB);
    const form = multipart({ intent: "slip" }, { name: "slip", bytes: photo });
    const answer = await call(app, `/user/product/${orderId}`, {
      cookie,
      headers: { ...page, "Content-Type": form.type },
      body: form.body,
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/user/product/${orderId}`);
    const size = await slipSize(orderId);
    expect(Math.max(size.width, size.height)).toBe(1600);
  }, 120_000);

  test("sent to the JSON call as multipart with the file field `image`: 200, stored shrunk", async () => {
    const orderId = orderIds[1]!;
    const form = multipart({}, { name: "image", bytes: await noisePhoto(3200, 2300) });
    const answer = await call(app, `/api/orders/${orderId}/payment/slip`, {
      cookie,
      headers: { "Content-Type": form.type },
      body: form.body,
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: orderId, status: "slip_sent" });
    const size = await slipSize(orderId);
    expect(Math.max(size.width, size.height)).toBe(1600);
  }, 120_000);

  test("the photo is written to disk as it arrives, not held until the body ends", async () => {
    const orderId = orderIds[2]!;
    const photo = await noisePhoto(3200, 2300);
    const form = multipart({ intent: "slip" }, { name: "slip", bytes: photo });
    const folders = () => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith("shop-upload-")));
    const before = folders();
    const half = Math.floor(form.body.length / 2);
    let release: () => void = () => {};
    const answered = new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${app.origin}/user/product/${orderId}`,
        {
          method: "POST",
          agent: false,
          headers: {
            ...page,
            Origin: app.origin,
            Cookie: cookie,
            "Content-Type": form.type,
            "Content-Length": String(form.body.length),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.write(form.body.subarray(0, half));
      release = () => request.end(form.body.subarray(half));
    });
    // Half the body sent, the rest held back: the upload file already holds most of that half.
    let written = 0;
    for (let tries = 0; tries < 200 && written < half - 2 * MB; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const fresh = [...folders()].filter((name) => !before.has(name));
      written = fresh.reduce((sum, name) => {
        try {
          return sum + statSync(path.join(tmpdir(), name, "upload")).size;
        } catch {
          return sum;
        }
      }, 0);
    }
    release();
    expect(written).toBeGreaterThanOrEqual(half - 2 * MB);
    expect(await answered).toBe(302);
    // Once used, the upload's folder is gone.
    expect([...folders()].filter((name) => !before.has(name))).toEqual([]);
  }, 120_000);

  test("four 12 MB photos at once: the app's memory grows by far less than four photos held whole", async () => {
    const pid = app.child.pid!;
    const photos = await Promise.all(orderIds.slice(4, 8).map(() => noisePhoto(3200, 2300)));
    // One slip first, so that what the picture pipeline keeps once it has run (its threads' buffers,
    // the decoder, the allocator's arenas) is in place before the burst is measured. Cold, that
    // alone added 60 to 90 MB, streamed or not: run by itself this test read +131 to +156 MB, after
    // the file's other tests +58 to +63 MB (PostgreSQL).
    const warmUp = multipart({}, { name: "image", bytes: await noisePhoto(3200, 2300) });
    const warmed = await call(app, `/api/orders/${orderIds[8]!}/payment/slip`, {
      cookie,
      headers: { "Content-Type": warmUp.type },
      body: warmUp.body,
    });
    expect(warmed.status).toBe(200);
    await warmed.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = memoryOf(pid).rss;
    let resetPeak = true;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      resetPeak = false;
    }
    let sampled = idle;
    const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 10);
    let statuses: number[];
    try {
      statuses = await Promise.all(
        orderIds.slice(4, 8).map(async (orderId, index) => {
          const form = multipart({}, { name: "image", bytes: photos[index]! });
          const answer = await call(app, `/api/orders/${orderId}/payment/slip`, {
            cookie,
            headers: { "Content-Type": form.type },
            body: form.body,
          });
          await answer.arrayBuffer();
          return answer.status;
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    const peak = Math.max(sampled, resetPeak ? memoryOf(pid).peak : 0);
    console.info(
      `four slips at once: ${photos.map((photo) => (photo.length / MB).toFixed(1)).join(", ")} MB; app idle ${(idle / MB).toFixed(1)} MB, peak +${((peak - idle) / MB).toFixed(1)} MB`,
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    // Held whole, as other forms are read (the edge's copy and the action's), four photos alone
    // would add 4 × 2 × 12 MB to what the pictures' decoding and storing cost; streamed to disk
    // (16 to 20 MB for all four, measured with files that are not pictures) and decoded one at a
    // time, shrunk on load, the whole burst stays within decision 31's 100 MB for four bodies. The
    // embedded database grows its own WebAssembly memory to store each picture (about 60 MB more
    // here than PostgreSQL for the same four rows), which it keeps and uses again.
    expect(peak - idle).toBeLessThan((onPostgres ? 100 : 160) * MB);
  }, 180_000);
});

describe("refusals are the shop's own pages", () => {
  test("a 21 MB photo without JavaScript: the order page again, the reason beside the slip form", async () => {
    const orderId = orderIds[3]!;
    const photo = await noisePhoto(4100, 3100);
    expect(photo.length).toBeGreaterThan(20 * MB);
    const form = multipart({ intent: "slip" }, { name: "slip", bytes: photo });
    const answer = await call(app, `/user/product/${orderId}`, {
      cookie,
      headers: { ...page, "Content-Type": form.type },
      body: form.body,
    });
    expect(answer.status).toBe(413);
    const html = await answer.text();
    expect(html).toContain('<nav aria-label="เมนูหลัก"');
    expect(html).toMatch(/id="slip-file-error"[^>]*>รูปสลิปต้องมีขนาดไม่เกิน 20 MB</);
    // Nothing stored: the slip call has none.
    expect((await call(app, `/api/orders/${orderId}/payment/slip`, { cookie })).status).toBe(404);
  }, 120_000);

  test("a body over the edge's limit from a browser's form: a full shop page with a way back, 413", async () => {
    const orderId = orderIds[3]!;
    const form = multipart({ intent: "slip" }, { name: "slip", bytes: randomBytes(26 * MB) });
    const answer = await call(app, `/user/product/${orderId}`, {
      cookie,
      headers: { ...page, "Content-Type": form.type },
      body: form.body,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get("Content-Type")).toContain("text/html");
    const html = await answer.text();
    // The header (signed in: the account menu), the Thai reason, a way back to the order.
    expect(html).toContain('<nav aria-label="เมนูหลัก"');
    expect(html).toContain("เมนูบัญชี");
    expect(html).toContain("รูปสลิปต้องมีขนาดไม่เกิน 20 MB");
    expect(html).toContain(`href="/user/product/${orderId}"`);
    expect(html).toContain("กลับหน้าแรก");
  }, 120_000);

  test("another page's form over its limit (login, 256 KB) is a shop page too; a JSON call gets { error }", async () => {
    const login = await call(app, "/login", {
      headers: { ...page, "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=a%40b.c&password=x&pad=${"a".repeat(300 * 1024)}`,
    });
    expect(login.status).toBe(413);
    const html = await login.text();
    expect(html).toContain('<nav aria-label="เมนูหลัก"');
    expect(html).toContain("ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป");
    expect(html).toContain('href="/login"');
    const api = await call(app, "/api/auth/login", { json: { email: "a@b.c", password: "x".repeat(300 * 1024) } });
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ error: "ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป" });
  }, 60_000);
});
