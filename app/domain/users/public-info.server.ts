import { db } from "~/data/db.server";

export interface PublicInfo {
  /** Active customer accounts. */
  userCount: number;
  /** Active tailors (artisans). */
  merchantCount: number;
}

/**
 * The two counts on the home page, read from the counts the database keeps (AccountCount, one
 * row per role, exact in the same transaction as every account change): three small rows, not a
 * pass over every account, on each visit.
 */
export async function getPublicInfo(): Promise<PublicInfo> {
  const rows = await db().accountCount.findMany({ where: { role: { in: ["user", "merchant"] } } });
  const activeWith = (role: string) => rows.find((row) => row.role === role)?.active ?? 0;
  return { userCount: activeWith("user"), merchantCount: activeWith("merchant") };
}
