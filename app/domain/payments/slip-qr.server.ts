import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { DomainError } from "~/domain/errors";
import { PAYMENT_ANSWERS } from "./payment-answers.server";
import { parseSlipQr, type SlipQr } from "./slip-qr";

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/**
 * Looks for the slip-verification QR on a slip's pixels (the stored, upright picture of at most
 * 1,600 px): jsqr finds and decodes the code, parseSlipQr reads the bank and the reference. Null
 * when there is no QR, or the QR is not a slip's (the buyer's own PromptPay code photographed, say).
 *
 * jsqr runs in a worker thread of its own: on a photo without a code (a phone's picture of a
 * screen, noise-like) it looks at every pixel for a second or more, and on the process's own
 * thread that was a second in which the process answered nobody. On the embedded database one
 * process serves the whole shop, so one buyer's slip held up every other page. A slip's QR is found
 * in a fraction of a second; a picture that takes jsqr longer than READ_LIMIT_MS is taken as
 * having none (its worker is stopped, so the search stops costing a core too).
 */
export async function readSlipQr(pixels: Pixels): Promise<SlipQr | null> {
  const text = await readText(pixels);
  return text ? parseSlipQr(text) : null;
}

/**
 * How long a picture may take: a real slip's code is found in 100 to 200 ms (a noise-like photo
 * took 6 s), with room for a machine many times busier than that.
 */
export const READ_LIMIT_MS = 4_000;

/** The worker's code: jsqr on each picture it is sent, answering its text or null. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const jsQR = require(workerData.jsqrPath);
parentPort.on("message", ({ data, width, height }) => {
  let text = null;
  try {
    // Slips print their QR dark on light: no second pass on the inverted picture (it doubled the time).
    const found = jsQR(data, width, height, { inversionAttempts: "dontInvert" });
    text = found ? found.data : null;
  } catch {}
  parentPort.postMessage(text);
});
`;

interface Job {
  pixels: Pixels;
  resolve: (text: string | null) => void;
}

/**
 * How many pictures may wait for the worker, the one being read among them. A slip beyond them is
 * refused, to be sent again in a moment (429 in Thai, nothing stored): twenty noise-like photos
 * sent together kept the last buyer waiting 80 s for their answer, eight keep a wait under
 * READ_LIMIT_MS × 8 and a real slip's under two seconds. Not read as having no QR: a slip whose
 * code is not read escapes the one-use check of its reference, so a burst of one slip sent to many
 * orders would pay several.
 */
export const MAX_WAITING = 8;
const RETRY_AFTER_SECONDS = 10;

/** Pictures waiting for the worker, first come first read; the first is the one being read. */
const queue: Job[] = [];
let worker: Worker | null = null;
let limit: NodeJS.Timeout | undefined;

function readText(pixels: Pixels): Promise<string | null> {
  if (queue.length >= MAX_WAITING)
    return Promise.reject(
      new DomainError("rate_limited", PAYMENT_ANSWERS.slipReaderBusy, { retryAfterSeconds: RETRY_AFTER_SECONDS }),
    );
  return new Promise((resolve) => {
    queue.push({ pixels, resolve });
    if (queue.length === 1) readNext();
  });
}

/**
 * Sends the first waiting picture to the worker, starting one if there is none: on the first slip
 * (a thread costs a few MB; most processes never read a slip), and again after one was stopped. It
 * keeps the process alive only while it reads. A picture past the limit, or one the worker failed
 * on, answers "no QR" (the slip is kept all the same) and the next is read by a new worker.
 */
function readNext(): void {
  const job = queue[0];
  if (!job) {
    worker?.unref();
    return;
  }
  let reader: Worker;
  try {
    reader = worker ?? startWorker();
  } catch {
    // No reader to be had (jsqr missing from the install, no threads left): every waiting slip is
    // kept as one without a QR rather than failing its upload.
    for (const waiting of queue.splice(0)) waiting.resolve(null);
    return;
  }
  reader.ref();
  limit = setTimeout(() => {
    stopWorker(reader);
    finish(null);
  }, READ_LIMIT_MS);
  reader.postMessage({ data: job.pixels.data, width: job.pixels.width, height: job.pixels.height });
}

function finish(text: string | null): void {
  clearTimeout(limit);
  queue.shift()?.resolve(text);
  readNext();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { jsqrPath: createRequire(import.meta.url).resolve("jsqr") },
  });
  started.on("message", (text: string | null) => {
    if (worker === started) finish(text);
  });
  const failed = () => {
    if (worker !== started) return;
    stopWorker(started);
    if (queue.length > 0) finish(null);
  };
  started.on("error", failed);
  started.on("exit", failed);
  worker = started;
  return started;
}

function stopWorker(stopped: Worker): void {
  if (worker === stopped) worker = null;
  void stopped.terminate();
}
