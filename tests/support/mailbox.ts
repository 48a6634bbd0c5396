import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for a test (the `smtp-server` package), on 127.0.0.1 at a port of its own,
 * that wants the shop to sign in (AUTH PLAIN or LOGIN with `user` and `password`, without TLS)
 * and keeps every message it accepts, read back as a mail program would: the subject and the
 * text and HTML parts decoded from their MIME encodings. Nothing is mocked on the shop's side:
 * nodemailer speaks SMTP to it over TCP.
 */

export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  subject: string;
  /** The headers of the message, by lower-case name (the first of each). */
  headers: Map<string, string>;
  text: string;
  html: string;
  raw: string;
}

export interface Mailbox {
  /** SMTP_URL for the shop, with this server's user and password. */
  url: string;
  mails: ReceivedMail[];
  /** Tries to sign in that the server refused. */
  refusedLogins: number;
  /** The first message that matches, waiting for it at most `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(user = "shop", password = "mail-secret-1", port = 0): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const box = { refusedLogins: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) return callback(null, { user });
      box.refusedLogins += 1;
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mailFrom = session.envelope.mailFrom;
        mails.push({
          ...readMessage(raw),
          from: mailFrom ? mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${listening}`,
    mails,
    get refusedLogins() {
      return box.refusedLogins;
    },
    async waitFor(match, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`no such mail among ${mails.length} received`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded) and body of a message or of one MIME part. */
function splitHeaders(source: string): { headers: Map<string, string>; body: string } {
  const at = source.search(/\r?\n\r?\n/);
  const head = at === -1 ? source : source.slice(0, at);
  const body = at === -1 ? "" : source.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), the spaces between them dropped. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** The subject and the text and HTML of a message (single part, or multipart as deep as it goes). */
function readMessage(raw: string): Pick<ReceivedMail, "subject" | "headers" | "text" | "html"> {
  const { headers, body } = splitHeaders(raw);
  const found = { text: "", html: "" };
  const walk = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      const pieces = partBody.split(`--${boundary}`).slice(1);
      for (const piece of pieces) {
        if (piece.startsWith("--")) break;
        const part = splitHeaders(piece.replace(/^\r?\n/, ""));
        walk(part.headers, part.body);
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders.get("content-transfer-encoding"));
    if (/^text\/html/i.test(type)) found.html ||= decoded;
    else if (/^text\/plain/i.test(type)) found.text ||= decoded;
  };
  walk(headers, body);
  return { subject: decodeWords(headers.get("subject") ?? ""), headers, ...found };
}
