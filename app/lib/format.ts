/** Thai formatting: Buddhist-era dates and baht. Pure, shared by server and browser. */

const bahtFormat = new Intl.NumberFormat("th-TH", { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat("th-TH");
const longDate = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", { dateStyle: "long", timeZone: "Asia/Bangkok" });
const shortDate = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", { dateStyle: "medium", timeZone: "Asia/Bangkok" });
const dateTime = new Intl.DateTimeFormat("th-TH-u-ca-buddhist", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Bangkok",
});

/** 1250.5 → "1,250.5 บาท" */
export function formatBaht(amount: number | string | { toString(): string }): string {
  return `${bahtFormat.format(Number(amount.toString()))} บาท`;
}

const exactBahtFormat = new Intl.NumberFormat("th-TH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount to pay, to the satang: 1250.5 → "1,250.50 บาท" */
export function formatBahtExact(amount: number | string | { toString(): string }): string {
  return `${exactBahtFormat.format(Number(amount.toString()))} บาท`;
}

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** 22 พฤศจิกายน 2569 */
export function formatThaiLongDate(value: Date | string): string {
  return longDate.format(new Date(value));
}

/** 22 พ.ย. 2569 */
export function formatThaiDate(value: Date | string): string {
  return shortDate.format(new Date(value));
}

/** 22 พ.ย. 2569 14:05 */
export function formatThaiDateTime(value: Date | string): string {
  return dateTime.format(new Date(value));
}
