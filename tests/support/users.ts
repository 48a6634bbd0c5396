import { startSession } from "~/auth/session.server";
import { db } from "~/data/db.server";
import type { Role, UserStatus } from "~/data/generated/enums";
import { hashPassword } from "~/domain/users/password.server";

/** People for tests, made straight in the test's own database. */

export const TEST_PASSWORD = "correct-horse-1";
let passwordHash: Promise<string> | undefined;
let counter = 0;

export interface TestUserInput {
  roles?: Role[];
  status?: UserStatus;
  email?: string;
  name?: string;
  phone?: string;
  address?: string;
  shopName?: string;
}

export async function createTestUser(input: TestUserInput = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  counter += 1;
  const roles = input.roles ?? ["user"];
  return db().user.create({
    data: {
      email: input.email ?? `${roles.join("-")}-${counter}-${process.pid}@example.com`,
      name: input.name ?? `ทดสอบ ${roles.join(" ")} ${counter}`,
      passwordHash: await passwordHash,
      roles,
      status: input.status ?? "active",
      phone: input.phone ?? "0812345678",
      address: input.address ?? "1 หมู่ 1 ตำบลทดสอบ",
      dob: new Date("1990-01-01"),
      shopName: input.shopName ?? (roles.includes("merchant") ? `ร้านทดสอบ ${counter}` : null),
    },
  });
}

/** A Cookie header value that signs the user in, as the login form would. */
export async function sessionCookieFor(userId: number): Promise<string> {
  const setCookie = await startSession(new Request("http://shop.test/login"), userId);
  return setCookie.split(";")[0]!;
}

/** A user and the cookie that signs them in. */
export async function signedIn(input: TestUserInput = {}) {
  const user = await createTestUser(input);
  return { user, cookie: await sessionCookieFor(user.id) };
}
