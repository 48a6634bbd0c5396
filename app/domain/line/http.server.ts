/**
 * Calls to LINE with a time limit. Every failure becomes a LineApiError that says
 * whether trying again later may help (timeouts, network errors, 429 and 5xx do).
 */
export class LineApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 for a timeout or network failure. */
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "LineApiError";
  }
}

export const LINE_TIMEOUT_MS = 10_000;

export async function lineFetch(url: string, init: RequestInit, timeoutMs = LINE_TIMEOUT_MS): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new LineApiError(
      timedOut ? `หมดเวลารอ LINE (${timeoutMs} ms)` : `ติดต่อ LINE ไม่ได้: ${String((error as Error)?.message ?? error)}`,
      0,
      true,
    );
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    const retryable =
      response.status === 429 || response.status >= 500 || response.status === 401 || response.status === 403;
    throw new LineApiError(`LINE ตอบกลับ ${response.status}${detail ? `: ${detail}` : ""}`, response.status, retryable);
  }
  return response;
}
