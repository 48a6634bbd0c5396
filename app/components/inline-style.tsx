import { createContext, useContext } from "react";

/**
 * The shop's stylesheet, written into each page's <head> instead of linked: on a slow rural
 * connection every extra request costs seconds before anything can paint. The server writes the
 * rules the page uses (app/lib/page-stylesheet.server.ts) and names the whole stylesheet's file,
 * which the browser with JavaScript loads for what it draws later (entry.client.tsx). The browser
 * hands back what is already in the page, so hydration matches.
 */
export const InlineStyleContext = createContext({ css: "", wholeHref: "" });

export const INLINE_STYLE_ID = "shop-css";

export function InlineStyle() {
  const { css, wholeHref } = useContext(InlineStyleContext);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the built stylesheet (decision 22)
    <style id={INLINE_STYLE_ID} data-whole={wholeHref} dangerouslySetInnerHTML={{ __html: css }} />
  );
}
