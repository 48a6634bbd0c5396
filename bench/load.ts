// Server throughput and latency: autocannon with 10 connections, a warm-up first, then the
// measured seconds. Requests look like a browser's (gzip/br accepted, the session cookie).
import autocannon from "autocannon";
import { load } from "./config";

export interface LoadResult {
  requestsPerSecond: number;
  /** Null when no request finished within the measured seconds. */
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  bytesPerRequest: number;
}

function cannon(url: string, seconds: number, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: load.connections, duration: seconds, headers, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export async function measureThroughput(
  url: string,
  options: { cookie?: string; accept?: string; seconds?: number; warmupSeconds?: number } = {},
): Promise<LoadResult> {
  const {
    cookie,
    accept = "text/html,application/xhtml+xml",
    seconds = load.seconds,
    warmupSeconds = load.warmupSeconds,
  } = options;
  const headers: Record<string, string> = {
    accept,
    "accept-encoding": "gzip, deflate, br",
    "accept-language": "th-TH,th;q=0.9",
  };
  if (cookie) headers.cookie = cookie;
  await cannon(url, warmupSeconds, headers);
  const result = await cannon(url, seconds, headers);
  const answered = result.requests.total > 0;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: answered ? result.latency.p50 : null,
    p99Ms: answered ? result.latency.p99 : null,
    maxMs: answered ? result.latency.max : null,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}
