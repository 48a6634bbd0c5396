import { formatBaht } from "~/lib/format";

/** The price fields an order page shows (issue 45): the OrderView's, possibly absent in older callers. */
export interface OrderPriceData {
  unitPrice: number | null;
  totalPrice: number | null;
  shippingFee?: number | null;
  itemsPrice?: number | null;
  totalWithShipping?: number | null;
}

/**
 * An order's price as label and value rows: the tailoring (with the unit price), the shipping fee
 * and the total the buyer pays. Before a tailor is chosen there is no price yet; before the order
 * is placed the fee is the chosen tailor's current one.
 */
export function priceRows(order: OrderPriceData, placed: boolean): { label: string; value: string }[] {
  if (order.totalPrice === null) return [{ label: "ราคา", value: "ยังไม่ระบุ" }];
  const items = order.itemsPrice ?? order.totalPrice;
  const unit = order.unitPrice !== null ? ` (ตัวละ ${formatBaht(order.unitPrice)})` : "";
  const fee = order.shippingFee ?? null;
  const rows = [{ label: "ค่าตัดเย็บ", value: `${formatBaht(items)}${unit}` }];
  if (fee === null) return rows;
  rows.push({
    label: "ค่าจัดส่ง",
    value: `${fee === 0 ? "ส่งฟรี" : formatBaht(fee)}${placed ? "" : " (ตามที่ช่างตั้งไว้ตอนนี้)"}`,
  });
  rows.push({ label: "ราคารวม", value: formatBaht(order.totalWithShipping ?? order.totalPrice) });
  return rows;
}
