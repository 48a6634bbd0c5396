import { db } from "~/data/db.server";

export interface PublicInfo {
  /** Active customer accounts. */
  userCount: number;
  /** Active tailors (artisans). */
  merchantCount: number;
}

/** The two counts on the home page: one pass over the accounts, not one per count. */
export async function getPublicInfo(): Promise<PublicInfo> {
  const [counts] = await db().$queryRaw<{ userCount: number; merchantCount: number }[]>`
    SELECT (count(*) FILTER (WHERE 'user'::"Role" = ANY ("roles")))::int AS "userCount",
           (count(*) FILTER (WHERE 'merchant'::"Role" = ANY ("roles")))::int AS "merchantCount"
    FROM "User" WHERE "status" = 'active'::"UserStatus"`;
  return { userCount: counts!.userCount, merchantCount: counts!.merchantCount };
}
