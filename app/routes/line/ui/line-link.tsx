import { LINE_MESSAGES } from "~/domain/line/messages";

/**
 * The profile's LINE controls. 'เชื่อมต่อ LINE' is a plain link to /line/link, which sends the
 * browser on to LINE Login: the same with JavaScript on or off (a full page load, never a
 * client-side navigation, since it leaves the shop).
 */
export interface LineLinkState {
  /** The shop has connected LINE (its settings are given). */
  configured: boolean;
  linked: boolean;
}

const buttonClass =
  "inline-flex items-center gap-2 rounded-lg bg-[#06c755] px-5 py-2.5 font-semibold text-white hover:bg-[#05a847] focus:outline-none focus:ring-2 focus:ring-[#06c755]/50";

function LinkToLine() {
  return (
    <a href="/line/link" className={buttonClass}>
      {LINE_MESSAGES.linkButton}
    </a>
  );
}

/**
 * A card for the profile page: what the link is for, and the link. Nothing at all while the shop
 * has not connected LINE: how the shop is set up is not the customer's business (docs/decisions.md).
 */
export function LineLinkPanel({ configured, linked }: LineLinkState) {
  if (!configured) return null;
  return (
    <section
      aria-labelledby="line-link-heading"
      className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="line-link-heading" className="font-semibold text-indigo-ink">
        การแจ้งเตือนทาง LINE
      </h2>
      {linked ? (
        <p className="mt-1 text-sm text-stone-600">
          {LINE_MESSAGES.linkedAlready} ร้านจะแจ้งทาง LINE เมื่อคำสั่งซื้อของคุณเปลี่ยนสถานะ
        </p>
      ) : (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-600">เชื่อมต่อบัญชี LINE เพื่อรับแจ้งทาง LINE เมื่อคำสั่งซื้อของคุณเปลี่ยนสถานะ</p>
          <LinkToLine />
        </div>
      )}
    </section>
  );
}

/** For the edit page's LINE card (shown only when the shop has connected LINE): the link when not yet linked. */
export function LineLinkSubmit({ configured, linked }: LineLinkState) {
  if (!configured || linked) return null;
  return <LinkToLine />;
}
