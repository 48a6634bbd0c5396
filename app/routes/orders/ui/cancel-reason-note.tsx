import { CANCELED_BY_WORDS, type CanceledBy, shortCancelNote } from "~/domain/orders/cancel-reasons";

/** Who canceled and why, as both sides read it on the order's page. */
export function CancelReasonNote({
  canceledBy,
  cancelReason,
}: {
  canceledBy: CanceledBy | null;
  cancelReason: string | null;
}) {
  if (!canceledBy && !cancelReason) return null;
  return (
    <section
      aria-labelledby="cancel-reason-title"
      data-testid="cancel-reason"
      className="rounded-2xl bg-red-50 p-4 text-sm text-red-950 ring-1 ring-red-200"
    >
      <h2 id="cancel-reason-title" className="font-semibold">
        {canceledBy ? CANCELED_BY_WORDS[canceledBy] : "ยกเลิกแล้ว"}
      </h2>
      <p className="mt-1">เหตุผล: {cancelReason ?? "ไม่ได้ระบุ"}</p>
    </section>
  );
}

/** Who canceled and why in one short line of an order list (customer's, tailor's, admin's); whole on hover and on the order's page. */
export function ListCancelNote({ order }: { order: { canceledBy: CanceledBy | null; cancelReason: string | null } }) {
  const note = shortCancelNote(order);
  if (!note) return null;
  return (
    <p data-testid="list-cancel-reason" title={note.full} className="break-words text-sm text-red-900">
      {note.short}
    </p>
  );
}
