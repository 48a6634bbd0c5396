import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** How long a page may take before the bar shows: a quick answer shows nothing. */
const SHOW_AFTER_MS = 300;

/**
 * A thin moving bar under the header while a page or form takes longer than 300 ms (JavaScript
 * only: without it the browser shows its own loading). On a slow connection a tap used to show
 * nothing for seconds, and people tapped again.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="กำลังโหลด"
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-[var(--header-height)] z-50 h-1 overflow-hidden bg-silk/30 print:hidden"
    >
      <div className="navigation-progress h-full w-1/3 bg-silk" />
    </div>
  );
}
