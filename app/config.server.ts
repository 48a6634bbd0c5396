import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import proxyaddr from "proxy-addr";

/**
 * Settings from the environment, read once. With the embedded database a missing
 * session secret is generated once and kept in the data folder; with DATABASE_URL
 * (a real deployment) it must be given. server/main.ts settles the secrets before any app
 * process starts (settleSessionSecrets), so the app processes read them from the environment.
 */
export interface ShopConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecrets: string[];
  production: boolean;
  /** The proxies the operator runs in front (TRUST_PROXY; 0 when none): see trustedProxies. */
  trustedProxies: TrustedProxies;
  /** Days an order waits for its tailor before the shop cancels it (ORDER_ACCEPT_DAYS; 0: never). */
  orderAcceptDays: number;
  /** Days after shipping when the shop confirms receipt for the buyer (RECEIPT_CONFIRM_DAYS; 0: never). */
  receiptConfirmDays: number;
  /** Where the shop sends e-mail (SMTP_URL, MAIL_FROM, PUBLIC_BASE_URL; see mailSettings): null when SMTP_URL is unset. */
  mail: MailSettings | null;
}

let cached: ShopConfig | undefined;

export function getConfig(): ShopConfig {
  cached ??= readConfig(process.env);
  return cached;
}

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.DATA_DIR || "data");
}

/**
 * The session secrets: SESSION_SECRET, or else the one generated into `$DATA_DIR/secrets.json`
 * (made now if there is none). Run once before the app processes start, then written back into
 * the environment as SESSION_SECRET, so every app process (the cluster's workers inherit it) signs
 * with the same secrets and none of them reads or writes the file.
 */
export function settleSessionSecrets(env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets = sessionSecrets(env);
  env.SESSION_SECRET = secrets.join(",");
  return secrets;
}

function sessionSecrets(env: NodeJS.ProcessEnv): string[] {
  const secrets = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length > 0) return secrets;
  if (env.DATABASE_URL && env.NODE_ENV === "production") {
    throw new Error(
      "SESSION_SECRET is required when DATABASE_URL is set (a long random string; several may be given, comma-separated, newest first).",
    );
  }
  return [generatedSecret(resolveDataDir(env))];
}

function readConfig(env: NodeJS.ProcessEnv): ShopConfig {
  return {
    dataDir: resolveDataDir(env),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecrets: sessionSecrets(env),
    production: env.NODE_ENV === "production",
    trustedProxies: trustedProxies(env),
    orderAcceptDays: orderAcceptDays(env),
    receiptConfirmDays: receiptConfirmDays(env),
    mail: mailSettings(env),
  };
}

/**
 * Which proxies stand in front of the shop (TRUST_PROXY, decision 3): a number of hops, or the
 * proxies' own addresses. Express is given the same value ("trust proxy"), and the client's
 * address, the protocol and an incoming request id are taken from the forwarding headers only as
 * far as these proxies go.
 */
export type TrustedProxies = number | readonly string[];

/**
 * TRUST_PROXY: unset, empty, `0` or `false`: none, and X-Forwarded-* headers are ignored. `true`
 * means 1. A number is how many proxies run in front (the right-most addresses of X-Forwarded-For
 * are the ones they added; whatever the client wrote to their left is never used). Or the proxies'
 * addresses and CIDR ranges, comma-separated (`127.0.0.1`, `10.0.0.0/8, 192.168.1.5`, and express's
 * names `loopback`, `linklocal`, `uniquelocal`): then forwarding headers count only on a
 * connection from one of them, which is what to use when the shop's own port can be reached
 * directly (a client would otherwise say it is a proxy and give itself any address).
 */
export function trustedProxies(env: NodeJS.ProcessEnv = process.env): TrustedProxies {
  const value = (env.TRUST_PROXY ?? "").trim().toLowerCase();
  if (value === "" || value === "false") return 0;
  if (value === "true") return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const addresses = value.split(",").map((entry) => entry.trim());
  try {
    if (addresses.some((entry) => entry === "")) throw new Error("an empty entry");
    proxyaddr.compile(addresses);
    return addresses;
  } catch {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the shop (0, 1, 2, …) or their addresses (for example "127.0.0.1" or "10.0.0.0/8, 192.168.1.5"), not "${env.TRUST_PROXY}".`,
    );
  }
}

/** Whether a connection from `address` is one of the trusted proxies (the hop count trusts the nearest ones). */
export function isTrustedProxy(trusted: TrustedProxies, address: string | undefined): boolean {
  if (address === undefined) return false;
  if (typeof trusted === "number") return trusted > 0;
  return proxyaddr.compile([...trusted])(address, 0);
}

/** ORDER_ACCEPT_DAYS: whole days, 7 when unset; 0 turns the shop's cancelling of unaccepted orders off. */
export function orderAcceptDays(env: NodeJS.ProcessEnv = process.env): number {
  const value = (env.ORDER_ACCEPT_DAYS ?? "").trim();
  if (value === "") return 7;
  if (/^\d{1,3}$/.test(value)) return Number(value);
  throw new Error(`ORDER_ACCEPT_DAYS must be a whole number of days (0 turns it off), not "${env.ORDER_ACCEPT_DAYS}".`);
}

/**
 * RECEIPT_CONFIRM_DAYS (issue 46): whole days from shipping (the tailor recording the delivery) until
 * the shop confirms receipt for a buyer who has neither confirmed it nor reported a problem; 14 when
 * unset, at most 365; 0 turns it (and its reminder) off.
 */
export function receiptConfirmDays(env: NodeJS.ProcessEnv = process.env): number {
  const value = (env.RECEIPT_CONFIRM_DAYS ?? "").trim();
  if (value === "") return 14;
  if (/^\d{1,3}$/.test(value) && Number(value) <= 365) return Number(value);
  throw new Error(
    `RECEIPT_CONFIRM_DAYS must be a whole number of days from 0 to 365 (0 turns it off), not "${env.RECEIPT_CONFIRM_DAYS}".`,
  );
}

/** How the shop sends e-mail ("forgot password" links): see mailSettings. */
export interface MailSettings {
  /** nodemailer's connection URL: `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://…:465`. */
  smtpUrl: string;
  /** The sender: an address, or a name and an address (`ร้านผ้าทอบ้านนาดี <shop@example.org>`). */
  from: string;
  /** The shop's public address without a trailing slash (PUBLIC_BASE_URL): the links in e-mails start with it. */
  publicBaseUrl: string;
}

/**
 * SMTP_URL, MAIL_FROM and PUBLIC_BASE_URL: null when SMTP_URL is unset (the shop sends no e-mail).
 * With SMTP_URL, the other two are required: the sender, and the shop's public address that the
 * links in a mail start with, never the Host a request named (anyone can write that header, and a
 * "forgot password" link to their own site would hand them the token). Read at start (getConfig)
 * so a mistake stops the shop with a clear message, and again on each mail sent (cheap; tests
 * change it). Errors never repeat the URL: it may hold the server's password.
 */
export function mailSettings(env: NodeJS.ProcessEnv = process.env): MailSettings | null {
  const smtpUrl = (env.SMTP_URL ?? "").trim();
  if (smtpUrl === "") return null;
  let server: URL | null = null;
  try {
    server = new URL(smtpUrl);
  } catch {
    // reported below
  }
  if (!server || (server.protocol !== "smtp:" && server.protocol !== "smtps:") || server.hostname === "")
    throw new Error(
      "SMTP_URL must name the mail server as smtp://user:password@host:587 (or smtps://user:password@host:465 for TLS from the start).",
    );
  const from = (env.MAIL_FROM ?? "").trim();
  if (!/^[^\r\n<>]*<?[^\s<>@]+@[^\s<>@]+>?$/.test(from))
    throw new Error(
      `MAIL_FROM is required with SMTP_URL: the sender's address, alone or with a name ("ร้านผ้าทอ <shop@example.org>"), not "${env.MAIL_FROM ?? ""}".`,
    );
  const base = (env.PUBLIC_BASE_URL ?? "").trim().replace(/\/+$/, "");
  let publicUrl: URL | null = null;
  try {
    publicUrl = new URL(base);
  } catch {
    // reported below
  }
  if (!publicUrl || (publicUrl.protocol !== "https:" && publicUrl.protocol !== "http:"))
    throw new Error(
      `PUBLIC_BASE_URL is required with SMTP_URL: the shop's address as people reach it (https://shop.example.org), which the links in e-mails start with, not "${env.PUBLIC_BASE_URL ?? ""}".`,
    );
  return { smtpUrl, from, publicBaseUrl: base };
}

function storedSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const stored = JSON.parse(text) as { sessionSecret?: unknown };
    if (typeof stored.sessionSecret === "string" && stored.sessionSecret) return stored.sessionSecret;
  } catch {
    // reported below
  }
  throw new Error(`${file} holds no session secret: remove it to have a new one made (every session ends).`);
}

/**
 * The secret in `secrets.json`, made if the file is missing. The file appears whole or not at
 * all: the secret is written to a temporary file in the same folder, flushed, then linked in under
 * its name. A link, unlike a rename, never replaces a file: when several processes make a secret at
 * the same moment, the first link wins, the others find the name taken and read the winner's.
 */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  const existing = storedSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const temporary = path.join(dataDir, `.secrets.json.${process.pid}.${randomBytes(6).toString("hex")}`);
  const descriptor = openSync(temporary, "wx", 0o600);
  try {
    writeSync(descriptor, `${JSON.stringify({ sessionSecret: randomBytes(32).toString("base64url") }, null, 2)}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: a rename is still atomic, but may replace a racing process's file.
    if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS") renameSync(temporary, file);
    else if (code !== "EEXIST") throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  const secret = storedSecret(file);
  if (!secret) throw new Error(`${file} could not be written`);
  return secret;
}
