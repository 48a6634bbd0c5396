import { describe, expect, it } from "vitest";
import { formatBoth, toCentimetres, toInches } from "./measurements";
import { profileSchema } from "./profile-form";

const inches = {
  chest: "38",
  waist: "32",
  hips: "39",
  shoulder: "17.5",
  sleeve: "24",
  shirtLength: "29",
  neck: "15.5",
};

describe("measurement profiles", () => {
  it("are typed in inches or centimetres and kept in centimetres to one decimal", () => {
    const parsed = profileSchema().safeParse({ name: "  ตัว   ฉัน ", unit: "in", ...inches });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      name: "ตัว ฉัน",
      unit: "in",
      values: { chest: 96.5, waist: 81.3, hips: 99.1, shoulder: 44.5, sleeve: 61, shirtLength: 73.7, neck: 39.4 },
    });
    expect(toCentimetres(38, "in")).toBe(96.5);
    expect(toInches(96.5)).toBe(38);
    expect(formatBoth(96.5)).toBe("96.5 ซม. (38 นิ้ว)");
    // First in the unit the customer measured in.
    expect(formatBoth(96.5, "in")).toBe("38 นิ้ว (96.5 ซม.)");
    expect(formatBoth(96.5, "cm")).toBe("96.5 ซม. (38 นิ้ว)");
  });

  it("refuse numbers outside a person's range, in the unit they were typed in, each beside its field", () => {
    const parsed = profileSchema().safeParse({ name: "พ่อ", unit: "in", ...inches, chest: "120", neck: "abc" });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      chest: "รอบอกต้องอยู่ระหว่าง 19.7–66.9 นิ้ว",
      neck: "รอบคอต้องเป็นตัวเลข",
    });
    const cm = profileSchema().safeParse({ name: "แม่", unit: "cm", ...inches, shoulder: "80" });
    expect(cm.error!.issues.map((issue) => issue.message)).toContain("ความกว้างไหล่ต้องอยู่ระหว่าง 25–65 ซม.");
  });

  it("need a name, a unit and every measurement", () => {
    const parsed = profileSchema().safeParse({ name: " ", waist: 80 });
    const messages = parsed.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(["กรุณาตั้งชื่อสัดส่วน เช่น ตัวฉัน หรือ พ่อ", "กรุณาเลือกหน่วยวัด (นิ้ว หรือ เซนติเมตร)", "กรุณากรอกรอบอก"]),
    );
  });
});
