import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { Sharp } from "sharp";
import { db } from "~/data/db.server";
import type { Prisma } from "~/data/generated/client";
import { DomainError } from "~/domain/errors";
import { withSharp } from "./sharp.server";
import { checkUploadedPhoto, sniffImageType, UPLOAD_LIMITS, UPLOAD_WRONG_TYPE } from "./sniff";

/**
 * Images are never stored as sent: they are decoded, re-encoded and resized here, so what the
 * shop serves is always a clean PNG or JPEG of a known size.
 */

export interface PreparedImage {
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  sha256: string;
}

async function encode(pipeline: Sharp, contentType: string): Promise<PreparedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  const bytes = new Uint8Array(
    data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  ) as Uint8Array<ArrayBuffer>;
  return {
    contentType,
    bytes,
    width: info.width,
    height: info.height,
    sha256: createHash("sha256").update(data).digest("hex"),
  };
}

/** A design picture (the canvas PNG or the server's own drawing): at most 1000 px, PNG, on white. */
export async function prepareDesignPng(png: Uint8Array): Promise<PreparedImage> {
  try {
    return await withSharp((sharp) => {
      const pipeline = sharp(png, { limitInputPixels: 2400 * 2400 })
        .resize(1000, 1000, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .png({ compressionLevel: 9, palette: true, quality: 90 });
      return encode(pipeline, "image/png");
    });
  } catch {
    throw new DomainError("bad_input", "ไม่สามารถอ่านรูปภาพของแบบเสื้อได้");
  }
}

/** A tailor's sample photo: JPEG, PNG or WebP by content; turned upright, at most 1200 px, saved as JPEG. */
export async function prepareUploadedPhoto(bytes: Uint8Array): Promise<PreparedImage> {
  checkUploadedPhoto(bytes);
  try {
    return await withSharp(async (sharp) => {
      const image = sharp(bytes, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: "error" });
      const meta = await image.metadata();
      if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format)) throw new Error("format");
      const pipeline = image
        .rotate()
        .resize(1200, 1200, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true });
      return encode(pipeline, "image/jpeg");
    });
  } catch {
    throw new DomainError("bad_input", UPLOAD_WRONG_TYPE);
  }
}

/** The longest side of a stored slip: a bank slip's text stays readable, a phone photo shrinks to about 0.3 MB. */
export const SLIP_MAX_SIDE = 1600;

/** A photo as received: its bytes (a data URL's, at most 5 MB), or a file it was streamed to (up to 20 MB). */
export type ReceivedPhoto = Uint8Array | { path: string };

async function headOf(photo: { path: string }): Promise<Uint8Array> {
  const file = await open(photo.path, "r");
  try {
    const head = new Uint8Array(32);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** A slip as stored, with what is needed to read its QR and to know it again (issue 49). */
export interface PreparedSlip extends PreparedImage {
  /** The stored picture's pixels (RGBA), for the slip-verification QR reader. */
  pixels: { data: Uint8ClampedArray; width: number; height: number };
  /** SHA-256 of the bytes as the buyer sent them: the same file sent twice has the same one. */
  receivedSha256: string;
}

async function sha256Of(photo: ReceivedPhoto): Promise<string> {
  const hash = createHash("sha256");
  if (photo instanceof Uint8Array) return hash.update(photo).digest("hex");
  const file = await open(photo.path, "r");
  try {
    for await (const chunk of file.createReadStream()) hash.update(chunk as Buffer);
  } finally {
    await file.close();
  }
  return hash.digest("hex");
}

/**
 * A transfer slip: JPEG, PNG or WebP by content; turned upright, at most SLIP_MAX_SIDE px, saved as
 * JPEG without its EXIF. A streamed photo is decoded from its file: libvips reads it from disk and,
 * for a JPEG, decodes it already shrunk (shrink-on-load), so a 20 MB photo is never whole in memory.
 * The same upright, shrunk picture is also given as pixels, where the slip's QR is looked for (at
 * full size: a smaller copy missed some slips' QR).
 */
export async function prepareSlipPhoto(photo: ReceivedPhoto): Promise<PreparedSlip> {
  if (photo instanceof Uint8Array) checkUploadedPhoto(photo);
  else if (!sniffImageType(await headOf(photo))) throw new DomainError("bad_input", UPLOAD_WRONG_TYPE);
  const input = photo instanceof Uint8Array ? photo : photo.path;
  const receivedSha256 = await sha256Of(photo);
  try {
    return await withSharp(async (sharp) => {
      const image = sharp(input, { limitInputPixels: UPLOAD_LIMITS.maxPixels, failOn: "error" });
      const meta = await image.metadata();
      if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format)) throw new Error("format");
      const upright = image
        .rotate()
        .resize(SLIP_MAX_SIDE, SLIP_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" });
      const raw = await upright.clone().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const stored = await encode(upright.jpeg({ quality: 82, mozjpeg: true }), "image/jpeg");
      const data = new Uint8ClampedArray(raw.data.buffer, raw.data.byteOffset, raw.data.byteLength);
      return { ...stored, receivedSha256, pixels: { data, width: raw.info.width, height: raw.info.height } };
    });
  } catch {
    throw new DomainError("bad_input", UPLOAD_WRONG_TYPE);
  }
}

/** Stores a prepared image inside the caller's transaction. */
export function storeImage(db: Prisma.TransactionClient, image: PreparedImage) {
  return db.storedImage.create({
    data: {
      contentType: image.contentType,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      sha256: image.sha256,
    },
    select: { id: true },
  });
}

/** A stored image anyone may see (design pictures, samples, shop photos), or null: a private one (a slip) is served only by its order's own call. */
export function findPublicImage(id: number) {
  return db().storedImage.findUnique({
    where: { id, private: false },
    select: { contentType: true, bytes: true, sha256: true },
  });
}
