/** An order list's mark for an order whose conversation has messages the reader has not read (issue 48). */
export function NewMessagesMark() {
  return (
    <span
      data-testid="new-messages"
      className="inline-flex items-center rounded-full bg-lac px-3 py-1 text-sm font-semibold text-white"
    >
      ข้อความใหม่
    </span>
  );
}
