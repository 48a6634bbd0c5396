import { db, Prisma } from "~/data/db.server";
import { DomainError } from "~/domain/errors";
import {
  MEASUREMENTS,
  type Measurements,
  PROFILE_MESSAGES,
  PROFILES_MAX,
  type ProfileInput,
  type Unit,
} from "./measurements";

/** A customer's measurement profiles (issue 22): at most ten, each name once per person. */

export interface ProfileView {
  id: number;
  name: string;
  unit: Unit;
  /** In centimetres. */
  values: Measurements;
  updatedAt: Date;
}

export const profileSelect = {
  id: true,
  name: true,
  unit: true,
  chest: true,
  waist: true,
  hips: true,
  shoulder: true,
  sleeve: true,
  shirtLength: true,
  neck: true,
  updatedAt: true,
} satisfies Prisma.MeasurementProfileSelect;

type ProfileRow = Prisma.MeasurementProfileGetPayload<{ select: typeof profileSelect }>;

export function toProfileView(row: ProfileRow): ProfileView {
  const values = Object.fromEntries(MEASUREMENTS.map((name) => [name, Number(row[name].toString())])) as Measurements;
  return { id: row.id, name: row.name, unit: row.unit, values, updatedAt: row.updatedAt };
}

export async function listProfiles(userId: number): Promise<ProfileView[]> {
  const rows = await db().measurementProfile.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: profileSelect,
  });
  return rows.map(toProfileView);
}

export async function getProfile(userId: number, id: number): Promise<ProfileView> {
  const row = await db().measurementProfile.findFirst({ where: { id, userId }, select: profileSelect });
  if (!row) throw new DomainError("not_found", PROFILE_MESSAGES.notFound);
  return toProfileView(row);
}

/**
 * Saves a profile: a new one (`id` absent), or the person's own. The person's row is locked first,
 * so two new profiles sent at once cannot pass the limit of ten together.
 */
export async function saveProfile(userId: number, input: ProfileInput, id?: number): Promise<ProfileView> {
  const data = { name: input.name, unit: input.unit, ...input.values };
  try {
    return await db().$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
      if (id === undefined) {
        if ((await tx.measurementProfile.count({ where: { userId } })) >= PROFILES_MAX)
          throw new DomainError("conflict", PROFILE_MESSAGES.tooMany);
        return toProfileView(await tx.measurementProfile.create({ data: { ...data, userId }, select: profileSelect }));
      }
      const { count } = await tx.measurementProfile.updateMany({ where: { id, userId }, data });
      if (count !== 1) throw new DomainError("not_found", PROFILE_MESSAGES.notFound);
      return toProfileView(await tx.measurementProfile.findUniqueOrThrow({ where: { id }, select: profileSelect }));
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new DomainError("conflict", PROFILE_MESSAGES.nameTaken);
    throw error;
  }
}

export async function deleteProfile(userId: number, id: number): Promise<void> {
  const { count } = await db().measurementProfile.deleteMany({ where: { id, userId } });
  if (count !== 1) throw new DomainError("not_found", PROFILE_MESSAGES.notFound);
}
