import { type ComponentType, lazy, Suspense } from "react";

/**
 * A component from a module loaded the first time it is drawn, in a Suspense boundary of its own.
 * For forms a page shows only now and then (the customer's review form, the admins' dialogs, the
 * cart's folded address form: docs/decisions.md, 123): they bring the form library (Conform) with
 * them. The server draws the part in the page as always; the browser hydrates it once its file has
 * arrived, and until then it is a plain HTML form that posts to the server like every form without
 * JavaScript.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Part = lazy(async () => ({ default: await (typeof window === "undefined" ? load() : loadOnceOnline(load)) }));
  return function LazyPart(props: Props) {
    return (
      <Suspense>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * In the browser, a part's file that cannot be fetched (offline, and not yet kept by the service
 * worker) is asked for again when the browser is back online, and after 2 s, 4 s, 8 s… (a minute at
 * most) whichever comes first: until then the server's drawing stays in place (a form that posts
 * without JavaScript), or nothing is drawn yet. A failed load thrown to React would put the error
 * page in place of the whole page.
 */
function loadOnceOnline<T>(load: () => Promise<T>): Promise<T> {
  return new Promise((resolve) => {
    let waitMs = 2_000;
    const attempt = () =>
      load().then(resolve, () => {
        const again = () => {
          window.removeEventListener("online", again);
          window.clearTimeout(timer);
          attempt();
        };
        // The connection may have come back before this listener: the timer covers that too.
        window.addEventListener("online", again);
        const timer = window.setTimeout(again, waitMs);
        waitMs = Math.min(waitMs * 2, 60_000);
      });
    attempt();
  });
}
