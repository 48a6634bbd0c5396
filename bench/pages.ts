// Every page of the route table in Chromium, and the floor the same way: the bytes from one load
// without throttling, the times from cold loads under each network profile with a 4x slower CPU.
//
// The loads run one at a time. Loads side by side in separate browser contexts do keep their own
// network emulation, but on two cores they share the CPU that the 4x slowdown multiplies: three at
// once moved first contentful paint by 20 to 70 % (and the floor's with it, unevenly), so the
// ratios would measure the crowd, not the page. Time is saved instead where no figure depends on
// it (bench/README.md, "How long it takes"):
// - Bytes do not depend on the network's speed: they come from a load as fast as the machine goes,
//   which also names the script files the page asks for, lazy chunks included. These loads, and
//   the reads with JavaScript off and on, time nothing: they run a few at a time (the same bytes
//   and files as one at a time, checked when this was written).
// - A timed load stops as soon as the first paint has happened and every one of those script
//   files has arrived: the images still arriving after that cannot move either figure.
// - One timed load per page, and more only for a page whose first load lands near a timing
//   budget, or over the paint's: three in all for the scripts (the median counts), five paints
//   (loads up to the first paint only, a few seconds each); the floor, every ratio's denominator,
//   is always loaded three times (before the pages, halfway, after them). "All scripts loaded" is
//   set by the network (bytes, requests) and varies little, while one paint can come late on a
//   busy machine.
import type { Browser } from "@playwright/test";
import {
  type ContentCheck,
  checkContentWithoutScripts,
  inPool,
  type LoadUntil,
  measureLoad,
  type PageLoad,
} from "./browser";
import {
  browserRuns,
  budgets,
  type NetworkProfile,
  networkProfiles,
  paintRuns,
  timingMargin,
  untimedConcurrency,
} from "./config";

export interface PageJob {
  /** The address loaded (path and query). */
  path: string;
  origin: string;
  cookie?: { name: string; value: string };
  /** Read with JavaScript off as well (a page for a visitor). */
  public: boolean;
  label: string;
}

/** A page, or the floor, as measured. */
export interface TimedPage {
  /** One load without throttling: bytes on the wire by type, and every file. */
  bytes: PageLoad;
  /** Per network profile: the median of the timed loads (bytes of the first). */
  loads: Record<string, PageLoad>;
  /** Per network profile: how many loads each median is of. */
  runs: Record<string, { fcp: number; scripts: number }>;
  /** Per network profile: each timed load's figures, in the order loaded (the spread of the medians). */
  samples: Record<string, { fcpMs: number | null; scriptsLoadedMs: number | null }[]>;
  content?: ContentCheck;
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Several timed loads of one page: the first's bytes and files, the median of each time. */
function combine(loads: PageLoad[]): PageLoad {
  const pick = (read: (load: PageLoad) => number | null) =>
    median(loads.map(read).filter((value): value is number => value !== null));
  return {
    ...loads[0]!,
    fcpMs: pick((l) => l.fcpMs),
    scriptsLoadedMs: pick((l) => l.scriptsLoadedMs),
    loadEventMs: pick((l) => l.loadEventMs),
    htmlDoneMs: pick((l) => l.htmlDoneMs),
    cssDoneMs: pick((l) => l.cssDoneMs),
  };
}

const scriptsOf = (load: PageLoad) => load.resources.filter((r) => r.kind === "js").map((r) => r.url);

/** Is `value ÷ floor` within the margin of a budget's ratio, on either side (or anywhere over it)? */
function nearBudget(value: number | null, floor: number | null, limit: number, orOver = false): boolean {
  if (value === null || !floor) return true; // not measured: load again
  const share = value / floor / limit - 1;
  return Math.abs(share) <= timingMargin || (orOver && share > 0);
}

export async function measurePages(
  browser: Browser,
  floorJob: PageJob,
  jobs: PageJob[],
  log: (line: string) => void,
): Promise<{ floor: TimedPage; pages: TimedPage[] }> {
  const all = [floorJob, ...jobs];
  const load = (job: PageJob, profile: NetworkProfile | null, until?: LoadUntil) =>
    measureLoad(browser, job.origin + job.path, profile, job.cookie, until);

  let phase = Date.now();
  const lap = () => {
    const seconds = ((Date.now() - phase) / 1000).toFixed(0);
    phase = Date.now();
    return `${seconds} s`;
  };
  const bytes = await inPool(all, untimedConcurrency, async (job) => {
    const first = await load(job, null);
    if (first.status !== 200) throw new Error(`${job.label} answered ${first.status} in Chromium, not 200`);
    return first;
  });
  log(`  bytes: ${all.length} loads without throttling, ${untimedConcurrency} at a time: ${lap()}`);
  const contents = await inPool(all, untimedConcurrency, (job) =>
    job.public ? checkContentWithoutScripts(browser, job.origin + job.path) : Promise.resolve(undefined),
  );
  log(`  ${jobs.filter((job) => job.public).length} public pages read with JavaScript off and on: ${lap()}`);

  const timed = all.map(() => ({}) as Record<string, { full: PageLoad[]; fcpOnly: PageLoad[] }>);
  for (const profile of networkProfiles) {
    const untilScripts = (index: number): LoadUntil => ({ kind: "scripts", scripts: scriptsOf(bytes[index]!) });
    const slot = (index: number) => {
      timed[index]![profile.name] ??= { full: [], fcpOnly: [] };
      return timed[index]![profile.name]!;
    };
    // The floor before the pages, halfway through and after them: its median sees the same
    // machine as theirs.
    const floorAt = new Set([0, Math.ceil(jobs.length / 2), jobs.length].slice(0, browserRuns));
    for (let index = 0; index <= jobs.length; index++) {
      if (floorAt.has(index)) slot(0).full.push(await load(floorJob, profile, untilScripts(0)));
      if (index < jobs.length) slot(index + 1).full.push(await load(jobs[index]!, profile, untilScripts(index + 1)));
    }
    for (let run = slot(0).full.length; run < browserRuns; run++)
      slot(0).full.push(await load(floorJob, profile, untilScripts(0)));
    const floorLoad = combine(slot(0).full);
    log(`  ${profile.name}: one timed load of each page, ${slot(0).full.length} of the floor: ${lap()}`);

    // Again, for the pages whose first load is near a timing budget.
    let again = 0;
    for (let index = 1; index < all.length; index++) {
      const first = slot(index).full[0]!;
      const scriptsNear = nearBudget(
        first.scriptsLoadedMs,
        floorLoad.scriptsLoadedMs,
        budgets.scriptsLoadedSlow3gToFloor,
      );
      // The paint is loaded again also when well over its budget: one paint can come late (a
      // busy machine, a frame missed), and loads up to the paint are short.
      const fcpNear = nearBudget(first.fcpMs, floorLoad.fcpMs, budgets.fcpSlow3gToFloor, true);
      if (!scriptsNear && !fcpNear) continue;
      again++;
      const { full, fcpOnly } = slot(index);
      if (scriptsNear)
        while (full.length < browserRuns) full.push(await load(all[index]!, profile, untilScripts(index)));
      if (fcpNear)
        while (full.length + fcpOnly.length < paintRuns)
          fcpOnly.push(await load(all[index]!, profile, { kind: "fcp" }));
    }
    log(`  ${profile.name}: ${again} page(s) near a timing budget loaded again: ${lap()}`);
  }

  const results: TimedPage[] = all.map((_, index) => {
    const loads: Record<string, PageLoad> = {};
    const runs: Record<string, { fcp: number; scripts: number }> = {};
    const samples: TimedPage["samples"] = {};
    for (const profile of networkProfiles) {
      const { full, fcpOnly } = timed[index]![profile.name]!;
      samples[profile.name] = [...full, ...fcpOnly].map((l) => ({
        fcpMs: l.fcpMs,
        scriptsLoadedMs: l.scriptsLoadedMs,
      }));
      const fcps = [...full, ...fcpOnly].map((l) => l.fcpMs).filter((value): value is number => value !== null);
      loads[profile.name] = { ...combine(full), fcpMs: median(fcps) };
      runs[profile.name] = { fcp: full.length + fcpOnly.length, scripts: full.length };
    }
    return { bytes: bytes[index]!, loads, runs, samples, content: contents[index] };
  });
  return { floor: results[0]!, pages: results.slice(1) };
}
