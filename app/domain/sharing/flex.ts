import { site } from "~/content/site";
import { formatBaht } from "~/lib/format";
import type { ShareInfo } from "./share";

/**
 * The card a design is shared as inside LINE (issue 50): a Flex message for LIFF's
 * shareTargetPicker, with the design's preview picture, its name, shop and price, and a button to
 * its page. Pure (LINE's Flex message format; the altText is what a chat list shows).
 */
export interface FlexMessage {
  type: "flex";
  altText: string;
  contents: Record<string, unknown>;
}

const INK = "#1f2a5a";
const LAC = "#a3322b";
const STONE = "#57534e";
/** LINE's limit for altText. */
const ALT_TEXT_MAX = 400;

export function designFlexMessage(
  design: { label: string; price: number; shop: { name: string } },
  share: Pick<ShareInfo, "url" | "image">,
): FlexMessage {
  const price = formatBaht(design.price);
  return {
    type: "flex",
    altText: `${design.label} ${price} ของ${design.shop.name}`.slice(0, ALT_TEXT_MAX),
    contents: {
      type: "bubble",
      hero: {
        type: "image",
        url: share.image,
        size: "full",
        aspectRatio: "1200:630",
        aspectMode: "cover",
        action: { type: "uri", uri: share.url },
      },
      body: {
        type: "box",
        layout: "vertical",
        spacing: "sm",
        contents: [
          { type: "text", text: design.label, weight: "bold", size: "lg", color: INK, wrap: true },
          { type: "text", text: design.shop.name, size: "sm", color: STONE, wrap: true },
          { type: "text", text: price, weight: "bold", size: "xl", color: LAC },
          { type: "text", text: site.enterpriseName, size: "xs", color: STONE, wrap: true },
        ],
      },
      footer: {
        type: "box",
        layout: "vertical",
        contents: [
          {
            type: "button",
            style: "primary",
            color: INK,
            action: { type: "uri", label: "ดูแบบและสั่งตัด", uri: share.url },
          },
        ],
      },
    },
  };
}

/**
 * Where a design is shared from inside LINE: the LIFF app's address (LINE opens /liff in its
 * LIFF browser, with the query), which offers LINE's share target picker with the card.
 */
export function liffShareUrl(liffId: string, designId: number): string {
  return `https://liff.line.me/${encodeURIComponent(liffId)}?${new URLSearchParams({ share: `/designs/${designId}` })}`;
}

/** The design a /liff?share= address names (only a design's page is shared from there). */
export function sharedDesignId(share: string | null): number | null {
  const match = /^\/designs\/(\d{1,9})$/.exec(share ?? "");
  return match ? Number(match[1]) : null;
}
