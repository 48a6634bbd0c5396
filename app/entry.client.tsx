import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { INLINE_STYLE_ID, InlineStyleContext } from "./components/inline-style";
import { watchConnection } from "./lib/offline.client";
import { resendFailedWrites } from "./lib/resend.client";

// The stylesheet the server wrote into the page (the rules this page uses) stays as it is, and
// the whole stylesheet follows for what this browser draws later: dialogs, notices, the next
// pages. It is one cached file, asked for before the page's `load`, which waits for it.
const inlineStyle = document.getElementById(INLINE_STYLE_ID);
const style = { css: inlineStyle?.textContent ?? "", wholeHref: inlineStyle?.dataset.whole ?? "" };
if (style.wholeHref) {
  const wholeStylesheet = document.createElement("link");
  wholeStylesheet.rel = "stylesheet";
  wholeStylesheet.href = style.wholeHref;
  // Behind the page's own pictures and scripts: nothing on the page waits for it.
  wholeStylesheet.fetchPriority = "low";
  document.head.append(wholeStylesheet);
}

// A bad connection: the offline bar, and the service worker for this build (issue 51).
watchConnection();
// A write that did not get through waits and is sent again, once (issue 51).
resendFailedWrites();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStyleContext value={style}>
        <HydratedRouter />
      </InlineStyleContext>
    </StrictMode>,
  );
});
