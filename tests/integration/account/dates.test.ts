import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import { todayInBangkok } from "~/domain/users/validation";
import { action as profileApiAction } from "~/routes/account/api.profile";
import { action as registerApi } from "~/routes/account/api.register";
import { action as profileEditAction } from "~/routes/account/profile-edit";
import { action as registerAction } from "~/routes/account/register";
import { callRoute, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";

/**
 * A date of birth is a real calendar date (no 31 February rolled over into March), on or after
 * 1 January 1900 and not after today in Bangkok: on the register and profile forms and their
 * JSON calls alike. A refused date answers 400 with the Thai reason and saves nothing.
 */

const NOT_REAL = "กรุณาเลือกวันเกิดที่มีอยู่จริง";
const TOO_EARLY = "วันเกิดต้องไม่ก่อนวันที่ 1 มกราคม พ.ศ. 2443 (ค.ศ. 1900)";
const FUTURE = "วันเกิดต้องไม่เป็นวันที่ในอนาคต";

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = todayInBangkok(new Date(Date.now() + DAY));

const refused: [string, string][] = [
  ["0000-01-01", TOO_EARLY],
  ["1899-12-31", TOO_EARLY],
  ["2024-02-31", NOT_REAL],
  ["2023-02-29", NOT_REAL],
  ["2024-04-31", NOT_REAL],
  ["2024-13-01", NOT_REAL],
  ["1990-00-10", NOT_REAL],
  ["1990-01-00", NOT_REAL],
  [tomorrow, FUTURE],
  ["9999-12-31", FUTURE],
];
const accepted = ["1900-01-01", "2024-02-29", todayInBangkok()];

const registration = (email: string, dob: string) => ({
  email,
  password: "goodpass1",
  confirmPassword: "goodpass1",
  name: "สมหญิง ใจดี",
  phone: "0891234567",
  dob,
});

function fieldErrors(result: unknown): Record<string, string[]> {
  return (result as { data: { result: { error?: Record<string, string[]> } } }).data.result.error ?? {};
}

async function errorOf(result: unknown): Promise<string> {
  return ((await (result as Response).json()) as { error: string }).error;
}

async function dobOf(userId: number): Promise<string | undefined> {
  return (await db().user.findUniqueOrThrow({ where: { id: userId } })).dob?.toISOString().slice(0, 10);
}

describe("registration", () => {
  it.each(refused)("the form refuses %s with '%s' and creates nobody", async (dob, message) => {
    const email = `form-${dob}@example.com`;
    const result = await callRoute(registerAction, "/register", { form: registration(email, dob) });
    expect(statusOf(result)).toBe(400);
    expect(fieldErrors(result).dob).toEqual([message]);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it.each(refused)("POST /api/auth/register refuses %s with '%s' and creates nobody", async (dob, message) => {
    const email = `json-${dob}@example.com`;
    const result = await callRoute(registerApi, "/api/auth/register", { json: registration(email, dob) });
    expect(statusOf(result)).toBe(400);
    expect(await errorOf(result)).toBe(message);
    expect(await db().user.count({ where: { email } })).toBe(0);
  });

  it.each(accepted)("takes %s, saved as that very day", async (dob) => {
    const email = `born-${dob}@example.com`;
    const result = await callRoute(registerApi, "/api/auth/register", { json: registration(email, dob) });
    expect(statusOf(result)).toBe(201);
    const user = await db().user.findUniqueOrThrow({ where: { email } });
    expect(await dobOf(user.id)).toBe(dob);
  });
});

describe("profile", () => {
  const profile = (email: string, dob: string) => ({ email, name: "ชื่อ ใหม่", phone: "0811111111", dob });

  it.each(refused)("the edit form refuses %s with '%s' and changes nothing", async (dob, message) => {
    const { user, cookie } = await signedIn();
    const result = await callRoute(profileEditAction, "/profile/edit", {
      cookie,
      form: { intent: "save", ...profile(user.email, dob) },
    });
    expect(statusOf(result)).toBe(400);
    expect(fieldErrors(result).dob).toEqual([message]);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      name: user.name,
      dob: user.dob,
    });
  });

  it.each(refused)("PUT /api/user/profile refuses %s with '%s' and changes nothing", async (dob, message) => {
    const { user, cookie } = await signedIn();
    const result = await callRoute(profileApiAction, "/api/user/profile", {
      method: "PUT",
      cookie,
      json: profile(user.email, dob),
    });
    expect(statusOf(result)).toBe(400);
    expect(await errorOf(result)).toBe(message);
    expect(await db().user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      name: user.name,
      dob: user.dob,
    });
  });

  it.each(accepted)("saves %s as that very day", async (dob) => {
    const { user, cookie } = await signedIn();
    const result = await callRoute(profileApiAction, "/api/user/profile", {
      method: "PUT",
      cookie,
      json: profile(user.email, dob),
    });
    expect(statusOf(result)).toBe(200);
    expect(await dobOf(user.id)).toBe(dob);
  });
});
