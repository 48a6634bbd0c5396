import type { PrismaClient } from "~/data/generated/client";
import { CATEGORIES } from "~/domain/catalogue/categories";
import { PATTERN_OPTIONS, patternImageUrl } from "~/domain/catalogue/options";
import { hashPassword } from "~/domain/users/password.server";

/**
 * What every database needs, whatever else it holds: the designer's catalogue, and the first admin
 * of a real deployment. Both are idempotent: running them again changes nothing. The demo shop's
 * people, prices and orders live outside the app, in scripts/db/demo-data.ts.
 */

/** Upserts every pattern option; options no longer in the catalogue stay (old designs name them). */
export async function seedCatalogue(db: PrismaClient): Promise<void> {
  const order = new Map(CATEGORIES.map((category, index) => [category.key, index * 100]));
  await db.$transaction(
    PATTERN_OPTIONS.map((option, index) => {
      const data = {
        category: option.category,
        labelTh: option.labelTh,
        labelEn: option.labelEn,
        imageUrl: patternImageUrl(option.sid),
        color: option.color ?? null,
        sortOrder: (order.get(option.category) ?? 0) + index,
      };
      return db.patternOption.upsert({
        where: { sid: option.sid },
        create: { sid: option.sid, ...data },
        update: data,
      });
    }),
  );
}

/** The first admin of a real deployment, from ADMIN_EMAIL and ADMIN_PASSWORD, when none exists. */
export async function ensureFirstAdmin(
  db: PrismaClient,
  email: string | undefined,
  password: string | undefined,
): Promise<string | null> {
  const admins = await db.user.count({ where: { roles: { has: "admin" } } });
  if (admins > 0 || !email || !password) return null;
  const normalized = email.trim().toLowerCase();
  await db.user.upsert({
    where: { email: normalized },
    create: {
      email: normalized,
      passwordHash: await hashPassword(password),
      name: "ผู้ดูแลระบบ",
      roles: ["admin"],
      status: "active",
    },
    update: { roles: { push: "admin" }, status: "active" },
  });
  return normalized;
}
