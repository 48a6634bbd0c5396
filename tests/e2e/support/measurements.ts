import type { Locator } from "@playwright/test";

/** A person's seven measurements as typed in inches (38-inch chest), by the form's Thai labels. */
export const INCHES_BY_LABEL: Record<string, string> = {
  รอบอก: "38",
  รอบเอว: "32",
  รอบสะโพก: "39",
  ความกว้างไหล่: "17.5",
  ความยาวแขนเสื้อ: "24",
  ความยาวเสื้อ: "29",
  รอบคอ: "15.5",
};

/** Fills the profile form (the region 'เพิ่มสัดส่วน'): a name, inches, and the numbers given. */
export async function fillProfileInInches(
  form: Locator,
  name: string,
  values: Record<string, string> = INCHES_BY_LABEL,
): Promise<void> {
  await form.getByLabel("ชื่อสัดส่วน").fill(name);
  await form.getByRole("radio", { name: "นิ้ว" }).check();
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
}
