import type { ShouldRevalidateFunctionArgs } from "react-router";

/** On the designer pages, changing tabs, cards or quantity only changes the address: nothing to reload. */
export function selectionOnly({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}
