import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * A page the service worker showed from its kept copy while online (marked `shop-refresh-at`,
 * app/routes/offline/service-worker.js) reads its data anew as soon as it runs, once: the copy
 * painted at once, the network's data replaces it (app/lib/offline.client.ts takes the bar away
 * when that read came from the network, and its forms go again).
 */
export function KeptPageRefresh() {
  const { revalidate } = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !document.querySelector('meta[name="shop-refresh-at"]')) return;
    asked.current = true;
    void revalidate();
  }, [revalidate]);
  return null;
}
