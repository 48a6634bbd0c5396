import { useEffect, useId, useState } from "react";
import { lineShareUrl } from "~/domain/sharing/share";

/**
 * "แชร์ไปที่ LINE" and "คัดลอกลิงก์" for a shop, a design or the designer (issue 50). Without
 * JavaScript both are plain HTML: LINE's share address as a link, and the page's address in a
 * field to select and copy. With JavaScript the copy is one tap (the clipboard), a phone whose
 * browser can share (the Web Share API) gets "แชร์" too, which opens the phone's own share sheet,
 * and inside LINE's own browser a design is shared as a card through the LIFF app (insideLineHref).
 */
export function ShareLinks({
  title,
  url,
  insideLineHref = null,
  className = "",
}: {
  title: string;
  url: string;
  /** Inside LINE's own browser, where "แชร์ไปที่ LINE" goes instead (the LIFF app's card share). */
  insideLineHref?: string | null;
  className?: string;
}) {
  const fieldId = useId();
  const [scripted, setScripted] = useState<{ canShare: boolean; inLine: boolean } | null>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  useEffect(
    () =>
      setScripted({ canShare: typeof navigator.share === "function", inLine: / Line\//i.test(navigator.userAgent) }),
    [],
  );
  const inLine = Boolean(scripted?.inLine && insideLineHref);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closed without sharing: nothing to say.
    }
  };
  const button =
    "inline-flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-indigo-ink/30 hover:bg-indigo-soft";
  return (
    <section aria-label="แชร์" className={`flex flex-wrap items-center gap-2 ${className}`} data-testid="share-links">
      <a
        href={inLine ? insideLineHref! : lineShareUrl(title, url)}
        target={inLine ? undefined : "_blank"}
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-[#047a35] px-3 py-2 text-sm font-semibold text-white hover:bg-[#03662c]"
      >
        แชร์ไปที่ LINE
      </a>
      {scripted ? (
        <>
          <button type="button" onClick={copy} className={`${button} text-indigo-ink`}>
            คัดลอกลิงก์
          </button>
          {scripted.canShare ? (
            <button type="button" onClick={share} className={`${button} text-indigo-ink`}>
              แชร์
            </button>
          ) : null}
          <p role="status" className="w-full text-sm text-stone-600 empty:hidden">
            {copied === "yes" ? "คัดลอกลิงก์แล้ว" : copied === "no" ? "คัดลอกไม่ได้ กรุณากดค้างที่ลิงก์ด้านล่างเพื่อคัดลอก" : ""}
          </p>
          {copied === "no" ? <LinkField id={fieldId} url={url} /> : null}
        </>
      ) : (
        <details className="w-full sm:w-auto">
          <summary className={`${button} cursor-pointer list-none text-indigo-ink`}>คัดลอกลิงก์</summary>
          <LinkField id={fieldId} url={url} />
        </details>
      )}
    </section>
  );
}

function LinkField({ id, url }: { id: string; url: string }) {
  return (
    <div className="mt-2 w-full">
      <label htmlFor={id} className="block text-xs text-stone-600">
        ลิงก์ของหน้านี้ (กดค้างแล้วเลือกคัดลอก)
      </label>
      <input
        id={id}
        type="url"
        readOnly
        value={url}
        className="mt-0.5 block min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-2 text-sm sm:w-96"
      />
    </div>
  );
}
