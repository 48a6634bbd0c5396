import { describe, expect, it } from "vitest";
import { db } from "~/data/db.server";
import * as apiMeasurements from "~/routes/account/api.measurements";
import * as page from "~/routes/account/measurements";
import { INCHES as inches } from "../../support/measurements";
import { callJson as api, callRoute, fullNoticeOf, statusOf } from "../../support/requests";
import { signedIn } from "../../support/users";

describe("a customer's measurement profiles", () => {
  it("a profile typed in inches is kept in centimetres; edited; deleted after the question", async () => {
    const { user, cookie } = await signedIn();
    const saved = await callRoute(page.action, "/profile/measurements", {
      cookie,
      form: { intent: "save", name: "ตัวฉัน", unit: "in", ...inches },
    });
    expect(await fullNoticeOf(saved)).toMatchObject({ type: "success", message: "บันทึกสัดส่วนเรียบร้อยแล้ว" });
    const row = await db().measurementProfile.findFirstOrThrow({ where: { userId: user.id } });
    expect(Number(row.chest)).toBe(96.5);
    expect(Number(row.neck)).toBe(39.4);
    expect(row.unit).toBe("in");

    const edited = await callRoute(page.action, "/profile/measurements", {
      cookie,
      form: { intent: "save", id: String(row.id), name: "ตัวฉัน", unit: "cm", ...inches, chest: "100" },
    });
    expect(statusOf(edited)).toBe(400); // 24 cm sleeves are fine, but 17.5 cm shoulders are not a person's
    expect(JSON.stringify(edited)).toContain("ความกว้างไหล่ต้องอยู่ระหว่าง 25–65 ซม.");
    const fixed = await callRoute(page.action, "/profile/measurements", {
      cookie,
      form: {
        intent: "save",
        id: String(row.id),
        name: "ตัวฉัน",
        unit: "cm",
        ...inches,
        chest: "100",
        shoulder: "45",
        sleeve: "60",
        shirtLength: "74",
        neck: "39",
        hips: "99",
        waist: "82",
      },
    });
    expect((await fullNoticeOf(fixed))?.type).toBe("success");
    expect(Number((await db().measurementProfile.findUniqueOrThrow({ where: { id: row.id } })).chest)).toBe(100);

    const asked = (await callRoute(page.loader, `/profile/measurements?delete=${row.id}`, { cookie })) as {
      deleting: { id: number } | null;
    };
    expect(asked.deleting?.id).toBe(row.id);
    const deleted = await callRoute(page.action, "/profile/measurements", {
      cookie,
      form: { intent: "delete", id: String(row.id) },
    });
    expect(await fullNoticeOf(deleted)).toMatchObject({ type: "success", message: "ลบสัดส่วนแล้ว" });
    expect(await db().measurementProfile.count({ where: { userId: user.id } })).toBe(0);
  });

  it("the JSON calls list and save; names are once per person; ten at most; someone else's is not found", async () => {
    const { cookie } = await signedIn();
    const first = await api(apiMeasurements.action, "/api/user/measurements", {
      method: "PUT",
      cookie,
      json: { name: "พ่อ", unit: "in", ...inches },
    });
    expect(first.status).toBe(200);
    expect(first.body.profile).toMatchObject({ name: "พ่อ", unit: "in", values: { chest: 96.5, shoulder: 44.5 } });
    const again = await api(apiMeasurements.action, "/api/user/measurements", {
      method: "PUT",
      cookie,
      json: { name: "พ่อ", unit: "in", ...inches },
    });
    expect(again).toEqual({ status: 409, body: { error: "มีสัดส่วนชื่อนี้อยู่แล้ว กรุณาใช้ชื่ออื่น" } });
    const bad = await api(apiMeasurements.action, "/api/user/measurements", {
      method: "PUT",
      cookie,
      json: { name: "แม่", unit: "in", ...inches, chest: 120 },
    });
    expect(bad).toEqual({ status: 400, body: { error: "รอบอกต้องอยู่ระหว่าง 19.7–66.9 นิ้ว" } });
    for (let index = 2; index <= 10; index++) {
      const made = await api(apiMeasurements.action, "/api/user/measurements", {
        method: "PUT",
        cookie,
        json: { name: `คนที่ ${index}`, unit: "in", ...inches },
      });
      expect(made.status).toBe(200);
    }
    const eleventh = await api(apiMeasurements.action, "/api/user/measurements", {
      method: "PUT",
      cookie,
      json: { name: "คนที่ 11", unit: "in", ...inches },
    });
    expect(eleventh).toEqual({ status: 409, body: { error: "เก็บสัดส่วนได้สูงสุด 10 ชุด กรุณาลบชุดที่ไม่ใช้ก่อน" } });
    const list = await api(apiMeasurements.loader, "/api/user/measurements", { cookie });
    expect((list.body as unknown as unknown[]).length).toBe(10);

    const other = await signedIn();
    const theirs = (list.body as unknown as { id: number }[])[0]!.id;
    const stolen = await api(apiMeasurements.action, "/api/user/measurements", {
      method: "PUT",
      cookie: other.cookie,
      json: { id: theirs, name: "ของคนอื่น", unit: "in", ...inches },
    });
    expect(stolen).toEqual({ status: 404, body: { error: "ไม่พบสัดส่วนนี้" } });
  });

  it("a refusal of the shop's stays where the customer acted: a name already used atop the form, a profile gone atop the page", async () => {
    const { user, cookie } = await signedIn();
    const save = (name: string) =>
      callRoute(page.action, "/profile/measurements", {
        cookie,
        form: { intent: "save", name, unit: "in", ...inches },
      });
    expect((await fullNoticeOf(await save("พ่อ")))?.type).toBe("success");
    const twice = await save("พ่อ");
    expect(statusOf(twice)).toBe(409);
    // The form's own error (Conform's reply), shown at the top of the form that stays open.
    expect(JSON.stringify(twice)).toContain("มีสัดส่วนชื่อนี้อยู่แล้ว กรุณาใช้ชื่ออื่น");
    expect(await db().measurementProfile.count({ where: { userId: user.id } })).toBe(1);

    const other = await signedIn();
    const mine = await db().measurementProfile.findFirstOrThrow({ where: { userId: user.id } });
    const gone = await callRoute(page.action, "/profile/measurements", {
      cookie: other.cookie,
      form: { intent: "delete", id: String(mine.id) },
    });
    expect(statusOf(gone)).toBe(404);
    expect(JSON.stringify(gone)).toContain('"refusal":"ไม่พบสัดส่วนนี้"');
    expect(await db().measurementProfile.count({ where: { userId: user.id } })).toBe(1);
  });
});
