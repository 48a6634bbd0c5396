import { createContext, useContext } from "react";

/**
 * The shop's whole stylesheet, written into each page's <head> instead of linked: on a slow rural
 * connection every extra request costs seconds before anything can paint, and the CSS is small
 * (about 10 KB compressed). The server fills this from the built CSS (entry.server.tsx); the
 * browser hands back the text already in the page (entry.client.tsx), so hydration matches.
 */
export const InlineStyleContext = createContext("");

export const INLINE_STYLE_ID = "shop-css";

export function InlineStyle() {
  const css = useContext(InlineStyleContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the built stylesheet (decision 22)
  return <style id={INLINE_STYLE_ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
