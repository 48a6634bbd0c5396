import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import routes from "../../app/routes";
import { type Credentials, DEMO, signIn } from "./support/auth";
import { type CheckerError, HtmlCollection, pa11yErrors } from "./support/checkers";
import {
  cartDesign,
  expect,
  newTailor,
  orderIn,
  pendingDesign,
  popularDesign,
  type Shop,
  setPromptPay,
  test,
} from "./support/fixtures";
import { type StyleDifference, stylesheetDifferences } from "./support/page-stylesheet";
import { type FitProblem, phoneFitProblems, phoneMenuProblems } from "./support/phone-fit";
import { PHONE, WIDE } from "./support/screens";

/**
 * axe-core on every page of the route table (app/routes.ts: new pages join by themselves), as a
 * visitor and signed in as each role: no serious or critical violation. Each page is checked once
 * per viewport: the "no-js" project checks the server's HTML (scripts blocked) on a phone, the
 * "js" project the hydrated page on a wide screen. Pages with an id in their path are reached
 * through a link on the role's other pages; each role's test makes what those pages show.
 *
 * The same visits run the outside checkers (tests/e2e/support/checkers.ts): pa11y with its
 * HTML_CodeSniffer runner (WCAG2AA) on every page in both projects, and, in "no-js", the Nu HTML
 * Checker on the HTML each page was served as, in one Java run at the end of the walk. Any error
 * from either fails the test.
 *
 * And each page on a phone (tests/e2e/support/phone-fit.ts), at 320, 360 and 390 px, with the
 * page's JavaScript ("js") and without it ("no-js"): no sideways scrolling, every open dialog (the
 * states reached by a link with a query, such as ?view=, ?edit= or ?delete=) fits and can be
 * closed, tap targets big enough; and the header's menu opens, fits and closes.
 *
 * And, in "no-js", that the stylesheet the server cut for each page draws it exactly as the whole
 * stylesheet does (tests/e2e/support/page-stylesheet.ts).
 */

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

/**
 * Query parameters that only reorder a table's rows (column headers' links), or filter the admin
 * orders a second way (by payment: the same table and chips the status filter already showed).
 */
const ORDER_ONLY = new Set(["sort", "dir", "usort", "udir", "msort", "mdir", "payment"]);

/** Page routes (modules that render: .tsx), as URL patterns. */
function pagePatterns(): string[] {
  const out: string[] = [];
  const walk = (entries: readonly Entry[], prefix: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${prefix}/${entry.path}` : prefix || "/";
      if (entry.file.endsWith(".tsx") && entry.path !== "*") out.push(joined.replace(/\/+/g, "/") || "/");
      if (entry.children) walk(entry.children, entry.path ? joined : prefix);
    }
  };
  walk(routes as unknown as Entry[], "");
  return [...new Set(out)];
}

function matcherOf(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/:[\w]+/g, "\\d+")}$`);
}

/** Each role, and who to sign in as: an account with something on every page of its own. */
const ROLES: { name: string; account: (shop: Shop) => Promise<Credentials | null> }[] = [
  { name: "visitor", account: async () => null },
  {
    // An order the tailor has taken (the order page, with the PromptPay code and the slip form) and
    // a design waiting for a tailor (the choose-a-tailor page).
    name: "user",
    account: async (shop) => {
      const tailor = await newTailor(shop);
      await setPromptPay(tailor);
      const { customer } = await orderIn(shop, tailor, "accepted");
      await cartDesign(customer);
      return customer;
    },
  },
  {
    // An order taken (the order page, with its payment and delivery forms) and a popular design (the design editor).
    name: "merchant",
    account: async (shop) => {
      const tailor = await newTailor(shop);
      await orderIn(shop, tailor, "accepted");
      await popularDesign(tailor);
      return tailor;
    },
  },
  {
    // A design waiting for approval (the design dialogs).
    name: "admin",
    account: async (shop) => {
      await pendingDesign(await newTailor(shop));
      return DEMO.admin;
    },
  },
];

interface Violation {
  page: string;
  viewport: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Lesser findings (moderate, minor), by rule: printed for people to look at, not failed. */
const lesser = new Map<string, Set<string>>();

async function serious(page: Page, url: string, viewport: string): Promise<Violation[]> {
  // Colours are measured once any animation has finished (the pages are loaded asking for reduced
  // motion, so the 800 ms entrance fade is not played at all: its end state is the page's look).
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  // Legacy mode runs axe.run in the page itself. The default runs each frame's part and then
  // opens a blank page to join them, for cross-origin frames: the shop's pages have no frames, and
  // that page cost about as much as the checks (2 to 4 s a page instead of 1 to 2).
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Only violations are read: axe then keeps no details of the passing checks (a sixth faster).
    .options({ resultTypes: ["violations"] })
    .analyze();
  for (const violation of results.violations.filter(
    (entry) => entry.impact !== "serious" && entry.impact !== "critical",
  )) {
    lesser.set(
      `${violation.impact} ${violation.id}`,
      (lesser.get(`${violation.impact} ${violation.id}`) ?? new Set()).add(url),
    );
  }
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: url,
      viewport,
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

async function scriptlessPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: true,
    locale: "th-TH",
    timezoneId: "Asia/Bangkok",
    reducedMotion: "reduce",
  });
  await context.route(/\.(m?js)(\?.*)?$/, (route) => route.abort());
  // Without its modules the page never hydrates: what a browser without JavaScript shows.
  return context.newPage();
}

/** Where the page landed, without the query: a redirect means it is not this role's page. */
function landedOn(page: Page): string {
  return new URL(page.url()).pathname;
}

for (const role of ROLES) {
  test(`no serious or critical accessibility violations: every page as ${role.name}`, async ({
    page: projectPage,
    browser,
    playwright,
    baseURL,
    shop,
  }, testInfo) => {
    test.setTimeout(300_000);
    const withoutJs = testInfo.project.name === "no-js";
    // axe runs as a script in the page, which a context without JavaScript cannot do: the
    // "no-js" run loads every page with the shop's own scripts blocked instead (the server's HTML, never hydrated).
    const page = withoutJs ? await scriptlessPage(browser, baseURL!) : projectPage;
    // The server's HTML is what a slow phone shows first; the hydrated page is checked wide. The
    // layouts differ only by CSS, so each viewport is checked once, not in both projects.
    const viewport = withoutJs ? { name: "phone", size: PHONE } : { name: "wide", size: WIDE };
    await page.setViewportSize(viewport.size);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const account = await role.account(shop);
    if (account) await signIn(page, account);
    const patterns = pagePatterns();
    const matchers = patterns.map(matcherOf);
    // Pages a visitor can open are checked as a visitor; signed in, only the home page again (its menus differ).
    const visitor = await playwright.request.newContext({ baseURL });
    const isPublic = async (url: string) => (await visitor.get(url, { maxRedirects: 0 })).status() < 300;
    const links = new Set<string>();
    const checked = new Set<string>();
    const violations: Violation[] = [];
    const served = new HtmlCollection();
    const checkerErrors: CheckerError[] = [];
    const checkerTime = { pa11y: 0, vnu: 0 };
    const fitProblems: FitProblem[] = [];
    const styleDifferences: StyleDifference[] = [];

    const check = async (url: string, { collectLinks = true } = {}) => {
      // A page that sends this person to another page is not theirs (the access tests check where
      // to): asked first without a browser, which costs a tenth of drawing the page it lands on.
      // A redirect to the same page with a query (the designer's default category) is followed.
      const first = await page.request.get(url, { maxRedirects: 0 });
      const location = first.headers().location;
      if (first.status() >= 300 && new URL(location ?? "/", baseURL).pathname !== url.split("?")[0]) return;
      const response = await page.goto(url);
      if (landedOn(page) !== url.split("?")[0]) return;
      if (withoutJs && response) await served.add(url, await response.text());
      await page.evaluate(() => document.fonts?.ready);
      violations.push(...(await serious(page, url, viewport.name)));
      const pa11yStart = Date.now();
      checkerErrors.push(...(await pa11yErrors(page, url)));
      checkerTime.pa11y += Date.now() - pa11yStart;
      fitProblems.push(...(await phoneFitProblems(page, url)));
      if (url === "/") fitProblems.push(...(await phoneMenuProblems(page, url)));
      if (withoutJs) styleDifferences.push(...(await stylesheetDifferences(page, url)));
      checked.add(url);
      if (!collectLinks) return;
      for (const href of await page
        .locator("a[href^='/']")
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!))) {
        if (matchers.some((matcher) => matcher.test(href.split(/[?#]/)[0]!))) links.add(href.split("#")[0]!);
      }
    };
    const wanted = async (url: string) => account === null || url === "/" || !(await isPublic(url));

    for (const url of patterns.filter((pattern) => !pattern.includes(":"))) {
      if (await wanted(url)) await test.step(url, () => check(url));
    }
    // Pages with an id, and pages that need a query (a cart item to choose a tailor for, a dialog):
    // one link of each kind (the page, and which query parameters it has) found on the pages above,
    // and on the pages with an id this loop opens (a Set's loop visits what is added while it runs:
    // the order page's work sheet). A page's states with a query (its dialogs) lead nowhere new.
    const done = new Set([...checked].filter((url) => !url.includes("?")));
    for (const href of links) {
      const [pathname, query] = href.split("?") as [string, string | undefined];
      // A table sorted another way has the same markup in another order: not a page of its own.
      if (query && [...new URLSearchParams(query).keys()].every((key) => ORDER_ONLY.has(key))) continue;
      const pattern = patterns.find((candidate) => matcherOf(candidate).test(pathname));
      const key = query ? `${pattern}?${[...new URLSearchParams(query).keys()].sort().join("&")}` : pattern;
      if (!pattern || done.has(key!) || !(await wanted(href))) continue;
      done.add(key!);
      await test.step(href, () => check(href, { collectLinks: !query }));
    }
    await visitor.dispose();
    if (withoutJs) await page.context().close();

    console.info(`a11y ${role.name} (${viewport.name}): checked ${[...checked].join(", ")}`);
    for (const [rule, urls] of lesser) console.info(`  (not failed) ${rule}: ${[...urls].join(", ")}`);
    lesser.clear();
    if (withoutJs) {
      expect(served.size).toBe(checked.size);
      const vnuStart = Date.now();
      checkerErrors.push(...(await test.step("Nu HTML Checker", () => served.validate())));
      checkerTime.vnu = Date.now() - vnuStart;
    }
    console.info(`  pa11y ${checkerTime.pa11y} ms${withoutJs ? `, Nu HTML Checker ${checkerTime.vnu} ms` : ""}`);
    expect(checked.size).toBeGreaterThan(3);
    expect.soft(fitProblems, JSON.stringify(fitProblems, null, 2)).toEqual([]);
    expect.soft(styleDifferences, JSON.stringify(styleDifferences, null, 2)).toEqual([]);
    // Soft: the outside checkers' errors are reported in the same run.
    expect.soft(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    expect(checkerErrors, JSON.stringify(checkerErrors, null, 2)).toEqual([]);
  });
}
