import { useEffect, useRef, useState } from "react";
import { lazyPart } from "~/components/lazy-part";
import type { DeliveryAddressProps } from "./delivery-address-form";

const DeliveryAddressForm = lazyPart(() =>
  import("./delivery-address-form").then((module) => module.DeliveryAddressForm),
);

/**
 * Where the order goes, shown and changed in place (the cart and the review page): the address,
 * and its form under "แก้ไขที่อยู่" (a <details>, which opens without JavaScript). Open from the
 * start when there is no address yet or the last try was refused, so the field and its message are
 * in view.
 *
 * Folded, the form is drawn inside <noscript>: a browser without JavaScript shows it when the
 * details open, and a browser with JavaScript draws it (with the form library, 9 KB) only once they
 * are opened. Most customers have an address by the cart, and the cart at rest loads no form library.
 */
export function DeliveryAddress({ address, action, lastResult }: DeliveryAddressProps) {
  const refused = lastResult?.status === "error";
  const openFromStart = !address || refused;
  const details = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  // Opened before the page's scripts had run: the toggle then had no listener yet.
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  const form = <DeliveryAddressForm address={address} action={action} lastResult={lastResult} />;
  return (
    <div className="rounded-xl bg-cream p-3 text-sm text-stone-700" data-testid="delivery-address">
      <p className="font-semibold">จัดส่งถึง</p>
      <p className={`mt-1 whitespace-pre-line break-words ${address ? "" : "font-semibold text-lac"}`}>
        {address ?? "ยังไม่มีที่อยู่จัดส่ง"}
      </p>
      <details
        ref={details}
        className="group mt-1"
        open={openFromStart || undefined}
        onToggle={(event) => event.currentTarget.open && setOpened(true)}
      >
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-indigo-ink underline">
          {address ? "แก้ไขที่อยู่" : "เพิ่มที่อยู่จัดส่ง"}
        </summary>
        {openFromStart || opened ? form : <noscript>{form}</noscript>}
      </details>
    </div>
  );
}
