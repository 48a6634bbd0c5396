/**
 * What the domain code throws when a request cannot be done. Routes turn it into a
 * status and the Thai message (JSON { error } for /api calls, a form error or notice for pages).
 */
export type DomainErrorKind =
  | "bad_input"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "too_large";

const statusByKind: Record<DomainErrorKind, number> = {
  bad_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  too_large: 413,
};

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** For a limit: how many seconds until it lets the request through (the JSON answer's Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  constructor(kind: DomainErrorKind, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  get status(): number {
    return statusByKind[this.kind];
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
