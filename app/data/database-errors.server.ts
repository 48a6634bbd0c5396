import { Prisma } from "./generated/client";

/**
 * The database's refusals the domain answers in words of its own, recognised in one place. The
 * two adapters do not always agree: PGlite's reports some refusals only by PostgreSQL's own code
 * (Prisma's P2039, "an error it has no name for"), so both are read here.
 */

function adapterCause(error: Prisma.PrismaClientKnownRequestError) {
  return (error.meta?.driverAdapterError as { cause?: { originalCode?: string; kind?: string } } | undefined)?.cause;
}

function postgresCode(error: Prisma.PrismaClientKnownRequestError): string | undefined {
  return adapterCause(error)?.originalCode;
}

function isKnown(error: unknown): error is Prisma.PrismaClientKnownRequestError {
  return error instanceof Prisma.PrismaClientKnownRequestError;
}

/** A unique value taken (an e-mail, a LINE account): P2002, PostgreSQL 23505. */
export function isUniqueViolation(error: unknown): boolean {
  return isKnown(error) && (error.code === "P2002" || postgresCode(error) === "23505");
}

/** A row still referenced by another (a person with orders): P2003, PostgreSQL 23503 or 23001 (RESTRICT). */
export function isStillReferenced(error: unknown): boolean {
  if (!isKnown(error)) return false;
  const code = postgresCode(error);
  return error.code === "P2003" || code === "23503" || code === "23001";
}

/** Two transactions that waited on each other, one of them ended (a deadlock): P2034, 40P01 or 40001. */
function isWriteConflict(error: unknown): boolean {
  if (!isKnown(error)) return false;
  const code = postgresCode(error);
  return error.code === "P2034" || code === "40P01" || code === "40001";
}

/**
 * Runs a whole write again when PostgreSQL ended it for a deadlock or write conflict, as Prisma
 * asks ("please retry"), up to `attempts` times. `run` must be the whole unit (a statement, or a
 * `$transaction`), never a part of one.
 */
export async function retryingWriteConflicts<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isWriteConflict(error) || attempt >= attempts) throw error;
      // A short random pause, so the two that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * Prisma's codes for a database that could not serve in time (pool, transaction start, connection),
 * or not at all: the database named does not exist, or refuses the shop's user (P1003, P1000,
 * P1010), which is the operator's to mend while the shop answers 503 and /readyz says why.
 */
const BUSY_PRISMA_CODES = new Set(["P2028", "P2024", "P1001", "P1002", "P1017", "P1003", "P1000", "P1010"]);
/** The driver adapter's kinds for the same (a raw query reports them under P2010, "raw query failed"). */
const BUSY_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "SocketTimeout",
  "TooManyConnections",
  "ConnectionClosed",
  "DatabaseDoesNotExist",
  "AuthenticationFailed",
  "DatabaseAccessDenied",
]);
/** node-postgres: no pooled connection in time; a new connection not made in time. */
const PG_TIMEOUT_MESSAGES = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);
/**
 * PostgreSQL's: too_many_connections, query_canceled (statement timeout), lock_not_available; and
 * invalid_catalog_name (no such database), invalid_authorization_specification, invalid_password.
 */
const BUSY_POSTGRES_CODES = new Set(["53300", "57014", "55P03", "3D000", "28000", "28P01"]);

/**
 * The database is saturated or out of reach, not wrong (decision 44): no connection from the pool
 * in time (P2024, or node-postgres's pool timeout), an interactive transaction that could not
 * start or ran out of time (P2028), the server unreachable or gone (P1001, P1002, P1017), its
 * database missing or refusing the shop's user, or PostgreSQL refusing for load. The edge answers 503 with Retry-After (app/http/responses.server.ts).
 */
export function isDatabaseBusy(error: unknown): boolean {
  // node-postgres's own words when no connection came in time (the pool's connectionTimeoutMillis,
  // connection.server.ts): they reach the shop as a plain Error, not as one of Prisma's.
  if (error instanceof Error && PG_TIMEOUT_MESSAGES.has(error.message)) return true;
  if (error instanceof Prisma.PrismaClientInitializationError)
    return error.errorCode !== undefined && BUSY_PRISMA_CODES.has(error.errorCode);
  if (!isKnown(error)) return false;
  const code = postgresCode(error);
  const kind = adapterCause(error)?.kind;
  return (
    BUSY_PRISMA_CODES.has(error.code) ||
    (code !== undefined && BUSY_POSTGRES_CODES.has(code)) ||
    (kind !== undefined && BUSY_ADAPTER_KINDS.has(kind))
  );
}
