import nodemailer, { type Transporter } from "nodemailer";
import { type MailSettings, mailSettings } from "~/config.server";

/**
 * E-mail through the operator's SMTP server (SMTP_URL, MAIL_FROM, PUBLIC_BASE_URL:
 * app/config.server.ts). Without SMTP_URL the shop sends no mail and the pages say so. One
 * transport per SMTP_URL, kept for the process (nodemailer opens a connection per message and
 * closes it); the settings are read on each message, so tests can point the shop at a server of
 * their own.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The settings, when the shop sends e-mail. */
export function mailConfig(): MailSettings | null {
  return mailSettings(process.env);
}

export function isMailConfigured(): boolean {
  return mailConfig() !== null;
}

const transports = new Map<string, Transporter>();

function transportFor(settings: MailSettings): Transporter {
  let transport = transports.get(settings.smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      // A mail server that does not answer must not hold the work for minutes (nodemailer's
      // defaults are 2 minutes to connect and 10 without a word).
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(settings.smtpUrl, transport);
  }
  return transport;
}

/** Why a message was not sent, without the addresses a server's reply may repeat. */
export class MailNotSent extends Error {
  constructor(
    readonly code: string | undefined,
    readonly responseCode: number | undefined,
  ) {
    super(`mail not sent (${code ?? "error"}${responseCode ? ` ${responseCode}` : ""})`);
  }
}

/** Sends one message; throws MailNotSent when the server refused it or could not be reached. */
export async function sendMail(message: MailMessage): Promise<void> {
  const settings = mailConfig();
  if (!settings) throw new MailNotSent("ENOTCONFIGURED", undefined);
  try {
    await transportFor(settings).sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
  } catch (error) {
    const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
    throw new MailNotSent(
      typeof code === "string" ? code : undefined,
      typeof responseCode === "number" ? responseCode : undefined,
    );
  }
}
