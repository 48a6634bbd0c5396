// Lighthouse's mobile run (its default configuration: a mid-range phone's screen, simulated Slow 4G
// and a 4x slower CPU computed from the trace of an unthrottled load), performance only, several
// times per page, each in a fresh Chromium: the median score is judged.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { chromiumArgs, lighthouseRuns, ports } from "./config";

/** One metric of a run: its figure as Lighthouse prints it, and its own score (0 to 1). */
export interface LighthouseMetric {
  id: string;
  title: string;
  value: string;
  score: number | null;
}

export interface LighthouseRun {
  score: number;
  metrics: LighthouseMetric[];
  /** Audits under a passing score that would save time on the paints or the blocking, the most first. */
  opportunities: { id: string; title: string; value: string }[];
  /** Lighthouse's estimate of the CPU's speed during the run (a busy machine reads lower). */
  benchmarkIndex: number | null;
  warnings: string[];
}

export interface LighthousePage {
  path: string;
  runs: LighthouseRun[];
  median: number;
  /** The run whose score is the median one: its metrics explain the score. */
  medianRun: LighthouseRun;
}

const metricIds = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
];

/** One Lighthouse run in a Chromium of its own, which it reaches through the DevTools port. */
async function runOnce(url: string): Promise<LighthouseRun> {
  const browser = await chromium.launch({
    executablePath: existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    // Lighthouse drives the browser over the DevTools port (Playwright keeps its own pipe).
    args: [...chromiumArgs, `--remote-debugging-port=${ports.lighthouse}`],
  });
  try {
    const result = await lighthouse(url, {
      port: ports.lighthouse,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse on ${url} gave no performance score`);
    const audit = (id: string) => lhr.audits[id]!;
    // What Lighthouse says would make the metrics faster: its insights and opportunities, by the
    // time they would save on the paints and the blocking time.
    const saving = (a: (typeof lhr.audits)[string]) => {
      const m = a.metricSavings ?? {};
      return (m.FCP ?? 0) + (m.LCP ?? 0) + (m.TBT ?? 0);
    };
    const opportunities = Object.values(lhr.audits)
      .filter((a) => !metricIds.includes(a.id) && a.score !== null && a.score < 0.9 && saving(a) > 0)
      .sort((a, b) => saving(b) - saving(a))
      .slice(0, 4)
      .map((a) => ({ id: a.id, title: a.title, value: a.displayValue ?? "" }));
    return {
      score: Math.round(score * 100),
      metrics: metricIds.map((id) => ({
        id,
        title: audit(id).title,
        value: audit(id).displayValue ?? "",
        score: audit(id).score,
      })),
      opportunities,
      benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
      warnings: lhr.runWarnings,
    };
  } finally {
    await browser.close();
  }
}

/**
 * One run, tried again (twice at most) when Lighthouse itself fails: now and then it loses the
 * trace of a load ("NO_NAVSTART ... Please run Lighthouse again"), which says nothing of the page.
 */
async function runAgainOnFailure(url: string, log: (line: string) => void): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`  Lighthouse failed (${error instanceof Error ? error.message : String(error)}): running it again`);
    }
  }
}

/** Lighthouse `lighthouseRuns` times on each page, one run after another (it measures the CPU too). */
export async function runLighthouse(
  origin: string,
  paths: string[],
  log: (line: string) => void,
): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [];
  for (const path of paths) {
    const runs: LighthouseRun[] = [];
    for (let run = 0; run < lighthouseRuns; run++) runs.push(await runAgainOnFailure(origin + path, log));
    const sorted = [...runs].sort((a, b) => a.score - b.score);
    const medianRun = sorted[Math.floor(sorted.length / 2)]!;
    pages.push({ path, runs, median: medianRun.score, medianRun });
    log(
      `  Lighthouse ${path}: ${runs.map((r) => r.score).join(", ")} (median ${medianRun.score}; ${medianRun.metrics.map((m) => `${m.id.replace(/-/g, " ")} ${m.value}`).join(", ")})`,
    );
  }
  return pages;
}
