import type { Error as DriverError, IsolationLevel, SqlQuery } from "@prisma/driver-adapter-utils";
import { DriverAdapterError, isDriverAdapterError } from "@prisma/driver-adapter-utils";

/**
 * The messages between app processes and the process that holds the embedded database: Prisma's
 * driver adapter calls, one request and one reply each. Values cross as structured clones
 * (Node's "advanced" IPC serialization), so bytes, big integers and dates arrive as they left.
 */

/** Marks the shop's database messages among everything else on a process channel. */
export const TAG = "shopDatabase";

export type DatabaseRequest =
  | { op: "queryRaw" | "executeRaw"; query: SqlQuery; transaction?: number }
  | { op: "executeScript"; script: string }
  | { op: "startTransaction"; isolationLevel?: IsolationLevel }
  | { op: "commit" | "rollback"; transaction: number };

export type SentError = { driver: DriverError } | { name: string; message: string };

export type DatabaseMessage =
  | { [TAG]: "request"; id: number; request: DatabaseRequest }
  | { [TAG]: "reply"; id: number; ok: true; value: unknown }
  | { [TAG]: "reply"; id: number; ok: false; error: SentError };

/** One side of a two-way message link: a cluster worker and its primary, or a MessagePort pair. */
export interface Channel {
  send(message: DatabaseMessage): void;
  onMessage(listener: (message: DatabaseMessage) => void): void;
  /** The other side is gone (its process exited): nothing more will arrive. */
  onClose(listener: () => void): void;
}

export function isDatabaseMessage(message: unknown): message is DatabaseMessage {
  return typeof message === "object" && message !== null && TAG in message;
}

/** Database errors keep their Prisma meaning (a unique violation stays P2002); others their text. */
export function toSentError(error: unknown): SentError {
  if (isDriverAdapterError(error)) return { driver: error.cause };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

export function fromSentError(sent: SentError): Error {
  if ("driver" in sent) return new DriverAdapterError(sent.driver);
  const error = new Error(sent.message);
  error.name = sent.name;
  return error;
}
