import { type ComponentType, lazy, Suspense } from "react";

/**
 * A component from a module loaded the first time it is drawn, in a Suspense boundary of its own.
 * For the order pages' forms: they bring the form library (Conform) with them, and most order pages
 * at rest show none (paid, delivered, answered). The server draws the part in the page as always;
 * the browser hydrates it once its file has arrived, and until then it is a plain HTML form that
 * posts to the server like every form without JavaScript.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: Props) {
    return (
      <Suspense>
        <Part {...props} />
      </Suspense>
    );
  };
}
