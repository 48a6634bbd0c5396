import type { MetaDescriptor } from "react-router";
import { site } from "~/content/site";

/**
 * How a page of the shop looks when its link is shared (issue 50): the Open Graph and Twitter
 * tags LINE, Facebook and X read (absolute addresses only), and the share links. Pure: used by the
 * pages' `meta` and their share buttons.
 */
export interface ShareInfo {
  title: string;
  description: string;
  /** The page's own absolute address. */
  url: string;
  /** The preview picture's absolute address (1200×630 JPEG). */
  image: string;
  imageAlt: string;
}

export const PICTURE_SIZE = { width: 1200, height: 630 } as const;

/** The tags of a shared page: og:title, og:description, og:image, og:url and twitter:card, with the page's title. */
export function socialMeta(share: ShareInfo, pageTitle = share.title): MetaDescriptor[] {
  return [
    { title: pageTitle },
    { name: "description", content: share.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.enterpriseName },
    { property: "og:locale", content: "th_TH" },
    { property: "og:title", content: share.title },
    { property: "og:description", content: share.description },
    { property: "og:url", content: share.url },
    { property: "og:image", content: share.image },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: String(PICTURE_SIZE.width) },
    { property: "og:image:height", content: String(PICTURE_SIZE.height) },
    { property: "og:image:alt", content: share.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: share.title },
    { name: "twitter:description", content: share.description },
    { name: "twitter:image", content: share.image },
  ];
}

/** LINE's share address: opens LINE (app or web) with the title and the link typed in. */
export function lineShareUrl(title: string, url: string): string {
  return `https://line.me/R/share?text=${encodeURIComponent(`${title}\n${url}`)}`;
}

/** A description of at most 160 characters (what chats and search results show), cut between words. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
