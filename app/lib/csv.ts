/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads Thai), every cell quoted,
 * quotes doubled, and cells a spreadsheet would run as a formula (starting with =, +, -, @, a tab
 * or a carriage return) given a leading apostrophe, so an exported name like "=HYPERLINK(...)"
 * stays text. Pure.
 */

export const CSV_BOM = "\uFEFF";

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
