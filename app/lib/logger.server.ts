import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/**
 * The shop's operator log: one JSON object a line on stdout (pino), at `LOG_LEVEL` (default
 * "info"), pretty-printed by pino-pretty when `LOG_PRETTY=1` (npm run dev sets it; pino-pretty
 * is a devDependency, so production never loads it). Every line written while a request is
 * being answered carries its request id (`reqId`) and, once known, the signed-in user's id.
 *
 * What must never reach a log is cut out by key wherever it appears in a logged object:
 * passwords, cookies and authorization headers, addresses, phones, e-mails and images
 * (REDACTED_KEYS). The request and response are logged through serializers that keep only the
 * method, path (no query), route pattern and status, so headers and bodies are never written.
 *
 * The build of the app and the server around it (server/) each load this module: the logger and
 * the request context live on globalThis so both use the same ones.
 */

export const REDACTED_KEYS = [
  "password",
  "newPassword",
  "confirmPassword",
  "currentPassword",
  "passwordHash",
  "cookie",
  "authorization",
  "set-cookie",
  "address",
  "deliveryAddress",
  "phone",
  "email",
  "image",
  "imageData",
  "photo",
  "data",
] as const;

/** What this request's log lines carry; the session code fills in the user (`noteRequestUser`). */
export interface RequestLogContext {
  reqId: string;
  userId?: number;
}

interface Holder {
  __shopLogger?: Logger;
  __shopRequestContext?: AsyncLocalStorage<RequestLogContext>;
}
const holder = globalThis as typeof globalThis & Holder;

holder.__shopRequestContext ??= new AsyncLocalStorage<RequestLogContext>();
export const requestContext: AsyncLocalStorage<RequestLogContext> = holder.__shopRequestContext;

export function redactPaths(): string[] {
  const paths: string[] = [];
  for (const key of REDACTED_KEYS) {
    const step = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`;
    const top = step.startsWith(".") ? key : step;
    paths.push(top, `*${step}`, `*.*${step}`);
  }
  return paths;
}

function createLogger(): Logger {
  const asked = process.env.LOG_LEVEL?.trim().toLowerCase() || "info";
  // An unknown level would stop the shop at its first line: it logs at info instead, and says so.
  const level = asked in pino.levels.values || asked === "silent" ? asked : "info";
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    redact: { paths: redactPaths(), censor: "[redacted]" },
    mixin() {
      const store = requestContext.getStore();
      return store ? { reqId: store.reqId, ...(store.userId === undefined ? {} : { userId: store.userId }) } : {};
    },
  };
  const made =
    process.env.LOG_PRETTY === "1"
      ? pino({
          ...options,
          transport: {
            target: "pino-pretty",
            options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname", singleLine: true },
          },
        })
      : pino(options);
  if (level !== asked) made.warn({ asked }, "LOG_LEVEL is not a pino level: logging at info");
  return made;
}

/** The process's logger (made on first use, from LOG_LEVEL and LOG_PRETTY). */
export function logger(): Logger {
  holder.__shopLogger ??= createLogger();
  return holder.__shopLogger;
}

/** Records who is signed in on the request being answered, for its log line. */
export function noteRequestUser(userId: number): void {
  const store = requestContext.getStore();
  if (store) store.userId = userId;
}
