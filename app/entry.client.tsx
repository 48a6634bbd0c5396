import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { INLINE_STYLE_ID, InlineStyleContext } from "./components/inline-style";

// The stylesheet the server wrote into the page stays as it is (see components/inline-style.tsx).
const css = document.getElementById(INLINE_STYLE_ID)?.textContent ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <InlineStyleContext value={css}>
        <HydratedRouter />
      </InlineStyleContext>
    </StrictMode>,
  );
});
