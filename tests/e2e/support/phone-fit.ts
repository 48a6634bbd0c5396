import type { Page } from "@playwright/test";

/**
 * What a phone shows of the page open now, at the narrow widths people hold (320, 360 and 390 px):
 *
 * - no sideways scrolling: nothing reaches past the right edge unless a scroll box of its own
 *   (a table, a strip of pictures) clips it;
 * - every dialog (role=dialog, an open <dialog>, aria-modal) lies inside the screen, scrolls
 *   when it is taller, and its close control is on screen and not covered, so it can be tapped;
 * - primary actions (a form's submit button, a menu's toggle) are at least 44 × 44 px, and every
 *   other button or button-like link at least 24 × 24 px (WCAG 2.2's target size floor; links in
 *   running text are exempt, as there).
 *
 * Works without the page's own JavaScript too: it runs in the page through Playwright, which a
 * context that only blocks the shop's scripts still allows.
 */
export const PHONE_WIDTHS = [320, 360, 390] as const;

export interface FitProblem {
  page: string;
  width: number;
  kind: "sideways" | "dialog" | "target";
  detail: string;
}

export async function phoneFitProblems(page: Page, url: string): Promise<FitProblem[]> {
  const original = page.viewportSize();
  const problems: FitProblem[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    // Layout after the resize: one frame, then read.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    const found = await page.evaluate(measure);
    problems.push(...found.map((entry) => ({ page: url, width, ...entry })));
  }
  if (original) await page.setViewportSize(original);
  return problems;
}

/** The header's menu on a phone: opened (a <details>, no JavaScript needed), it fits, and it closes. */
export async function phoneMenuProblems(page: Page, url: string): Promise<FitProblem[]> {
  const original = page.viewportSize();
  const problems: FitProblem[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const toggle = page.getByTestId("menu-toggle").locator("summary");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "เมนูหลัก" });
    const box = await menu.boundingBox();
    if (!box || box.x < -1 || box.x + box.width > width + 1 || box.height > 740) {
      problems.push({ page: url, width, kind: "dialog", detail: `menu at ${JSON.stringify(box)}` });
    }
    await toggle.click();
    if (await menu.isVisible()) problems.push({ page: url, width, kind: "dialog", detail: "menu did not close" });
  }
  if (original) await page.setViewportSize(original);
  return problems;
}

/** Runs in the page: the problems of the layout as it is now. */
function measure(): { kind: "sideways" | "dialog" | "target"; detail: string }[] {
  const out: { kind: "sideways" | "dialog" | "target"; detail: string }[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const describe = (element: Element) => {
    const id = element.id ? `#${element.id}` : "";
    const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const label = element.getAttribute("aria-label") ?? "";
    return `<${element.tagName.toLowerCase()}${id}> ${label || text}`;
  };
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    return style.visibility !== "hidden" && style.display !== "none" && rect.width > 0 && rect.height > 0;
  };

  if (document.documentElement.scrollWidth > viewportWidth + 1) {
    // Who reaches past the edge without a scroll box of its own around it.
    const clips = (element: Element) => {
      const style = getComputedStyle(element);
      return style.overflowX !== "visible";
    };
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll("*"))) {
      const rect = element.getBoundingClientRect();
      if (rect.right <= viewportWidth + 1 || rect.width === 0) continue;
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (clips(parent) && parent.getBoundingClientRect().right <= viewportWidth + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) offenders.push(`${describe(element)} (right ${Math.round(rect.right)})`);
    }
    out.push({
      kind: "sideways",
      detail: `page ${document.documentElement.scrollWidth} px wide: ${offenders.slice(-3).join("; ")}`,
    });
  }

  const dialogs = Array.from(document.querySelectorAll("[role=dialog], dialog[open], [aria-modal=true]")).filter(
    visible,
  );
  for (const dialog of dialogs) {
    const rect = dialog.getBoundingClientRect();
    if (rect.left < -1 || rect.right > viewportWidth + 1) {
      out.push({
        kind: "dialog",
        detail: `${describe(dialog)} spans ${Math.round(rect.left)}..${Math.round(rect.right)}`,
      });
    }
    if (rect.height > viewportHeight + 1 && dialog.scrollHeight <= dialog.clientHeight) {
      out.push({ kind: "dialog", detail: `${describe(dialog)} is taller than the screen and does not scroll` });
    }
    const close = Array.from(dialog.querySelectorAll("a[href], button")).find((control) =>
      /ปิด|ยกเลิก|กลับ/.test(`${control.textContent ?? ""} ${control.getAttribute("aria-label") ?? ""}`),
    );
    if (!close) {
      out.push({ kind: "dialog", detail: `${describe(dialog)} has no close control` });
      continue;
    }
    const box = close.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const onTop = document.elementFromPoint(x, y);
    if (x < 0 || x > viewportWidth || y < 0 || y > viewportHeight || !onTop || !close.contains(onTop)) {
      out.push({
        kind: "dialog",
        detail: `${describe(dialog)}: its close control ${describe(close)} cannot be tapped`,
      });
    }
  }

  // Tap targets. Primary: submit buttons and menu toggles; the floor: any other button, or a link
  // that stands alone (not within a sentence: its parent holds more text than the link).
  const primary = new Set<Element>([
    ...Array.from(document.querySelectorAll("button[type=submit], button:not([type]), input[type=submit]")).filter(
      (element) => element.closest("form"),
    ),
    ...Array.from(document.querySelectorAll("summary")),
  ]);
  const candidates = [...primary, ...Array.from(document.querySelectorAll("button, a[href], [role=button], summary"))];
  const seen = new Set<Element>();
  for (const element of candidates) {
    if (seen.has(element) || !visible(element)) continue;
    seen.add(element);
    // Inside a closed menu or a clipped strip: not on screen, nothing to tap.
    if (element.closest("details:not([open]) > :not(summary)")) continue;
    const rect = element.getBoundingClientRect();
    if (rect.right < 0 || rect.left > viewportWidth) continue;
    const inSentence =
      element.tagName === "A" &&
      (element.parentElement?.textContent ?? "").trim().length > (element.textContent ?? "").trim().length;
    if (inSentence && !primary.has(element)) continue;
    const least = primary.has(element) ? 44 : 24;
    // Rounded: a 43.99 px box is the 44 px the styles ask for.
    if (Math.round(rect.width) < least || Math.round(rect.height) < least) {
      out.push({
        kind: "target",
        detail: `${describe(element)} is ${Math.round(rect.width)} × ${Math.round(rect.height)} px (at least ${least})`,
      });
    }
  }
  return out;
}
