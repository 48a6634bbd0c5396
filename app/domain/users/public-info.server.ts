import { prisma } from "~/data/db.server";

export interface PublicInfo {
  /** Active customer accounts. */
  userCount: number;
  /** Active tailors (artisans). */
  merchantCount: number;
}

/** The two counts on the home page. */
export async function getPublicInfo(): Promise<PublicInfo> {
  const [userCount, merchantCount] = await Promise.all([
    prisma.user.count({ where: { status: "active", roles: { has: "user" } } }),
    prisma.user.count({ where: { status: "active", roles: { has: "merchant" } } }),
  ]);
  return { userCount, merchantCount };
}
