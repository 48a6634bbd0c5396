import type { Page } from "@playwright/test";

export interface StyleDifference {
  page: string;
  element: string;
  property: string;
  cut: string;
  whole: string;
}

/**
 * What the page open now looks like with the stylesheet the server cut for it (the rules its
 * classes use: app/lib/page-stylesheet.server.ts) against with the whole stylesheet: every
 * element's every computed property (but custom properties), compared in the page. The whole file is named on the inline
 * stylesheet (`data-whole`); it is added, and the page read again. An empty list: the cut lost
 * nothing the page shows. Run on the server's HTML (the shop's scripts blocked), before anything
 * the browser draws later; runs in the page through Playwright, which such a context allows.
 */
export async function stylesheetDifferences(page: Page, url: string): Promise<StyleDifference[]> {
  const found = await page.evaluate(async () => {
    const elements = [...document.querySelectorAll("body *")];
    // Read at rest: an entrance animation midway would differ between two reads anyway.
    const read = () => {
      for (const animation of document.getAnimations()) animation.finish();
      return elements.map((element) => {
        const style = getComputedStyle(element);
        const values: Record<string, string> = {};
        // Custom properties (--x) are left out: one no rule reads draws nothing, and every one that is
        // read shows in the properties that read it.
        for (let i = 0; i < style.length; i++)
          if (!style[i]!.startsWith("--")) values[style[i]!] = style.getPropertyValue(style[i]!);
        return values;
      });
    };
    const cut = read();
    const href = document.getElementById("shop-css")?.dataset.whole;
    if (!href) return [{ element: "style#shop-css", property: "data-whole", cut: "", whole: "(missing)" }];
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    await new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = reject;
      document.head.append(link);
    });
    const whole = read();
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].join(".")}`;
    const differences: { element: string; property: string; cut: string; whole: string }[] = [];
    elements.forEach((element, index) => {
      for (const [property, value] of Object.entries(whole[index]!))
        if (cut[index]![property] !== value)
          differences.push({ element: name(element), property, cut: cut[index]![property] ?? "", whole: value });
    });
    link.remove();
    return differences;
  });
  return found.slice(0, 20).map((difference) => ({ page: url, ...difference }));
}
