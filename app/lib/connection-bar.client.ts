const PLACES = {
  // The offline bar: above the page, scrolling with it.
  top: "sticky top-0 py-2",
  // A write waiting to be sent again: at the bottom, beside the thumb that sent it.
  bottom: "fixed inset-x-0 bottom-0 py-3",
} as const;

/**
 * The amber bar that says what the connection did (offline.client.ts, resend.client.ts): the one
 * on the page with `id`, or a new one, empty, put at `place`. `role` is how a screen reader hears
 * it: "status" politely, "alert" at once.
 */
export function connectionBar(
  id: string,
  { role, place }: { role: "status" | "alert"; place: keyof typeof PLACES },
): { bar: HTMLElement; created: boolean } {
  const found = document.getElementById(id);
  if (found) return { bar: found, created: false };
  const bar = document.createElement("div");
  bar.id = id;
  bar.setAttribute("role", role);
  bar.className = `${PLACES[place]} z-50 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 text-center text-sm text-amber-950 ring-1 ring-amber-300`;
  if (place === "top") document.body.prepend(bar);
  else document.body.append(bar);
  return { bar, created: true };
}
