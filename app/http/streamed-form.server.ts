import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import Busboy from "@fastify/busboy";
import type { RouterContextProvider } from "react-router";
import { DomainError } from "~/domain/errors";
import { POST_KEY_FIELD } from "~/lib/post-key";
import { NOT_A_FORM } from "./form-body";
import { SMALL_BODY_BYTES, TOO_LARGE } from "./limits";
import { requestFacts } from "./request-facts.server";

/**
 * A form that carries one large file (a slip photo of up to 20 MB), read as it streams: the file
 * goes to a temporary file on disk, never whole into memory, and the few text fields beside it are
 * kept. Used by the photo writes only (routes whose `handle` says `httpPolicy({ body: "photo" })`,
 * app/http/limits.ts), whose bodies the edge lets through without reading them (form-body.ts), so
 * the checks the edge makes of other forms (a form type, no NUL character) are made here.
 */

export interface StreamedFile {
  /** Where the bytes were written; removed by the form's dispose(). */
  path: string;
  /** Bytes written (at most the limit). */
  bytes: number;
  /** The file was longer than the limit: what was written is its beginning only. */
  tooLarge: boolean;
}

export interface StreamedForm {
  fields: Map<string, string>;
  file: StreamedFile | null;
  /** Removes the temporary file; call it once the file has been used (in a finally). */
  dispose(): Promise<void>;
}

/** The text fields a form beside its file may have, and their size. */
const FIELD_LIMITS = { fields: 20, fieldSize: 64 * 1024, fieldNameSize: 100, parts: 25, headerPairs: 20 };

const badForm = () => new DomainError("bad_input", NOT_A_FORM);

/** The form's fields as FormData (for the form-pattern code that reads them so). */
export function fieldsAsFormData(fields: Map<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

function checkField(fields: Map<string, string>, name: string, value: string): void {
  // PostgreSQL text cannot hold a NUL character (as form-body.ts refuses for other forms).
  if (value.includes("\u0000") || name.includes("\u0000")) throw badForm();
  fields.set(name, value);
}

/** A body of plain text up to `maxBytes`, counted as it arrives (a 413-like refusal past it). */
export async function readTextUpTo(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new DomainError("too_large", TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Reads a form posted to a photo write: multipart with the file in `fileField` (other files are
 * skipped), or a small urlencoded form (no file). Anything else is not a form (400).
 */
export async function readStreamedForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  limits: { fileField: string; maxFileBytes: number },
): Promise<StreamedForm> {
  const form = await readFormParts(request, limits);
  try {
    // The form's idempotency key, now that its fields are in (answer-once.server.ts).
    const said: [string, string][] = [...form.fields];
    if (form.file) said.push(["(file)", String(form.file.bytes)]);
    await requestFacts(context).claimFormKey?.(form.fields.get(POST_KEY_FIELD), said);
    return form;
  } catch (error) {
    await form.dispose();
    throw error;
  }
}

async function readFormParts(
  request: Request,
  { fileField, maxFileBytes }: { fileField: string; maxFileBytes: number },
): Promise<StreamedForm> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  const fields = new Map<string, string>();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    const text = await readTextUpTo(request, SMALL_BODY_BYTES);
    for (const [name, value] of new URLSearchParams(text)) checkField(fields, name, value);
    return { fields, file: null, dispose: async () => {} };
  }
  if (!type.startsWith("multipart/form-data") || !request.body) throw badForm();

  const folder = await mkdtemp(path.join(tmpdir(), "shop-upload-"));
  const dispose = () => rm(folder, { recursive: true, force: true });
  let file: StreamedFile | null = null;
  const writes: Promise<void>[] = [];
  try {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": request.headers.get("Content-Type") ?? "" },
        limits: { ...FIELD_LIMITS, files: 1, fileSize: maxFileBytes },
      });
    } catch {
      throw badForm();
    }
    let fieldError: unknown = null;
    parser.on("field", (name, value, nameTruncated, valueTruncated) => {
      try {
        if (nameTruncated || valueTruncated) throw badForm();
        checkField(fields, name, value);
      } catch (error) {
        fieldError ??= error;
      }
    });
    parser.on("file", (name, stream) => {
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const target: StreamedFile = { path: path.join(folder, "upload"), bytes: 0, tooLarge: false };
      file = target;
      stream.on("data", (chunk: Buffer) => {
        target.bytes += chunk.length;
      });
      // Past the limit busboy stops handing on this file's bytes and skips the rest of it.
      stream.on("limit", () => {
        target.tooLarge = true;
      });
      writes.push(pipeline(stream, createWriteStream(target.path)));
    });
    await pipeline(Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>), parser).catch((error) => {
      // The edge cut the body off at its limit: that refusal is the answer (server/app.ts).
      if (request.signal.aborted) throw error;
      throw badForm();
    });
    await Promise.all(writes);
    if (fieldError) throw fieldError;
    return { fields, file, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
