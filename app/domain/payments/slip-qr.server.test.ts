import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { newReference, slipPicture } from "../../../tests/support/slips";
import { MAX_WAITING, READ_LIMIT_MS, readSlipQr } from "./slip-qr.server";

/**
 * A noise-like picture: jsqr searches all of it for a code. At the stored size (1,600 × 1,150) that
 * took 6 s on a 2-core machine; this one is larger, so that the search outlasts the limit on any.
 */
function noisePicture() {
  const [width, height] = [2400, 2400];
  return { data: new Uint8ClampedArray(randomBytes(width * height * 4)), width, height };
}

/** A slip picture carrying a bank's slip QR with this reference, as the pixels the reader is given. */
async function slipPixels(reference: string) {
  const { data, info } = await sharp(await slipPicture({ bankCode: "014", reference }))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

describe("reading a slip's QR", () => {
  it("a picture without a code reads as none, within the limit, and the process answers meanwhile", async () => {
    const picture = noisePicture();
    // The longest the process's own thread went without running a timer while the picture was read.
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    try {
      expect(await readSlipQr(picture)).toBeNull();
    } finally {
      clearInterval(ticks);
    }
    expect(performance.now() - started).toBeLessThan(READ_LIMIT_MS + 1_500);
    // On the process's own thread this was the whole search (seconds).
    expect(longestGap).toBeLessThan(500);
  });

  it("a slip waiting behind a picture stopped at the limit is read, by a new worker", async () => {
    const reference = newReference();
    const slip = await slipPixels(reference);
    const [stopped, read] = await Promise.all([readSlipQr(noisePicture()), readSlipQr(slip)]);
    expect(stopped).toBeNull();
    expect(read).toEqual({ bankCode: "014", reference });
    expect(await readSlipQr(slip)).toEqual({ bankCode: "014", reference });
  });

  it("a slip beyond the waiting ones is refused at once, to be sent again (a burst cannot make a buyer wait minutes)", async () => {
    const reference = newReference();
    const slip = await slipPixels(reference);
    const answers = await Promise.allSettled(Array.from({ length: MAX_WAITING + 1 }, () => readSlipQr(slip)));
    expect(answers.slice(0, MAX_WAITING)).toEqual(
      Array(MAX_WAITING).fill({ status: "fulfilled", value: { bankCode: "014", reference } }),
    );
    // Not "no QR": a slip read as having none would escape the one-use check of its reference.
    expect(answers[MAX_WAITING]).toMatchObject({
      status: "rejected",
      reason: { kind: "rate_limited", message: "ขณะนี้มีสลิปรอตรวจจำนวนมาก กรุณาส่งสลิปอีกครั้งในอีกสักครู่" },
    });
    // The burst over, a slip is read again.
    expect(await readSlipQr(slip)).toEqual({ bankCode: "014", reference });
  });
});
