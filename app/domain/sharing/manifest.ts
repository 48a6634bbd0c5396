import { site } from "~/content/site";

/** The shop's colours: the header's indigo and the page's cream (app/app.css). */
export const THEME_COLOR = "#1f2a5a";
export const BACKGROUND_COLOR = "#fbf8f2";

/** The icons the installed shop uses (drawn by scripts/make-icons.ts into public/). */
export const ICONS = {
  icon192: "/icons/icon-192.png",
  icon512: "/icons/icon-512.png",
  maskable512: "/icons/icon-maskable-512.png",
  appleTouch: "/icons/apple-touch-icon.png",
} as const;

/** /manifest.webmanifest: what a phone needs to install the shop on its home screen. */
export function webManifest() {
  return {
    id: "/",
    name: site.enterpriseName,
    short_name: site.shortName,
    description: site.tagline,
    lang: "th",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: ICONS.icon192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: ICONS.icon512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: ICONS.maskable512, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
