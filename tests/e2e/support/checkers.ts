import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * The outside checkers the accessibility walk (tests/e2e/a11y.spec.ts) runs beside axe:
 *
 * - the Nu HTML Checker (vnu-jar) on each page's HTML as the server sent it, all pages of a walk
 *   in one Java run at its end (Java starts in about a second; the pages then take milliseconds);
 * - pa11y with its HTML_CodeSniffer runner (WCAG2AA) on each page the walk has open: pa11y's own
 *   run (its options, runner bundle and issue list) on the Playwright page, through the few
 *   Puppeteer page methods it calls (docs/decisions.md), so no second browser opens the page again.
 */

const require = createRequire(import.meta.url);
// The package's main export is the path of its vnu.jar (a String object).
const VNU_JAR = String(require("vnu-jar"));
const pa11y = require("pa11y") as (url: string, options: Record<string, unknown>) => Promise<Pa11yResults>;

interface Pa11yIssue {
  code: string;
  type: string;
  message: string;
  selector: string;
  context: string;
}
interface Pa11yResults {
  issues: Pa11yIssue[];
}

/**
 * What the Nu HTML Checker's CSS validator does not know yet, in the stylesheet Tailwind writes:
 * `@property` (CSS Properties and Values), `margin-trim`, and a custom property named in
 * `transition-property`. All are valid CSS; any other CSS message still fails.
 */
const VNU_CSS_GAPS = [
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\.?$/,
];

export interface CheckerError {
  checker: "vnu" | "pa11y";
  page: string;
  message: string;
  where: string;
}

/** The served HTML of each page, kept in a folder of its own for one Nu HTML Checker run. */
export class HtmlCollection {
  private dir: Promise<string> = mkdtemp(path.join(tmpdir(), "shop-html-"));
  private pages = new Map<string, string>();

  async add(url: string, html: string): Promise<void> {
    const file = `${String(this.pages.size).padStart(3, "0")}.html`;
    this.pages.set(file, url);
    await writeFile(path.join(await this.dir, file), html);
  }

  get size(): number {
    return this.pages.size;
  }

  /** Every error the Nu HTML Checker reports on the collected pages (warnings are not asked for). */
  async validate(): Promise<CheckerError[]> {
    const dir = await this.dir;
    if ((await readdir(dir)).length === 0) return [];
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        "java",
        // A deep stack for its schema (it asks for at least 512k; the quick compiler's frames are
        // bigger), the quick compiler alone (a run is too short for the optimising one to pay
        // off), and no language guessing (it only ever warns): about 1.5 s a walk instead of 5.
        [
          "-Xss8m",
          "-XX:TieredStopAtLevel=1",
          "-jar",
          VNU_JAR,
          "--errors-only",
          "--no-langdetect",
          "--format",
          "json",
          dir,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
        // The checker exits with 1 when it found errors: the JSON on stderr says which.
        (error, _stdout, stderr) =>
          stderr.trim().startsWith("{") ? resolve(stderr) : reject(error ?? new Error(stderr)),
      );
    });
    await rm(dir, { recursive: true, force: true });
    const { messages } = JSON.parse(output) as {
      messages: { type: string; url?: string; message: string; extract?: string; lastLine?: number }[];
    };
    return messages
      .filter((message) => message.type === "error" && !VNU_CSS_GAPS.some((gap) => gap.test(message.message)))
      .map((message) => ({
        checker: "vnu" as const,
        page: this.pages.get(path.basename(message.url ?? "")) ?? message.url ?? "?",
        message: message.message,
        where: `line ${message.lastLine}: ${message.extract?.trim() ?? ""}`,
      }));
  }
}

/**
 * pa11y (HTML_CodeSniffer, WCAG2AA) on the page as it is now: errors only. pa11y is handed the
 * page and told not to navigate (`ignoreUrl`); it injects its runner bundle with `evaluate`, the
 * one call that reaches the browser, and sets up console listeners, a viewport and a user agent,
 * which are left as the walk has them.
 */
export async function pa11yErrors(page: Page, url: string): Promise<CheckerError[]> {
  const puppeteerLike = {
    evaluate: (script: string | ((arg: unknown) => unknown), arg?: unknown) =>
      typeof script === "string" ? page.evaluate(script) : page.evaluate(script, arg),
    on: () => undefined,
    off: () => undefined,
    setViewport: async () => undefined,
    setUserAgent: async () => undefined,
    close: async () => undefined,
  };
  const results = await pa11y(url, {
    browser: {},
    page: puppeteerLike,
    ignoreUrl: true,
    runners: ["htmlcs"],
    standard: "WCAG2AA",
  });
  return results.issues
    .filter((issue) => issue.type === "error")
    .map((issue) => ({
      checker: "pa11y" as const,
      page: url,
      message: `${issue.code}: ${issue.message}`,
      where: `${issue.selector} ${issue.context}`,
    }));
}
