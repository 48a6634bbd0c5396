/** Record ids, pure: shared by the HTTP edge (paths, forms, JSON) and the domain's payloads. */

/** The largest id a record can have (PostgreSQL's integer). */
export const MAX_ID = 2_147_483_647;

/** A record id: a whole number from 1 to 2147483647, as digits or a number; null for anything else. */
export function idOf(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}
