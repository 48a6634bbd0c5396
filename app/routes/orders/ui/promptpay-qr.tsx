import { formatBahtExact } from "~/lib/format";
import type { PaymentData } from "./payment-panel";

type PromptPay = NonNullable<PaymentData["promptpay"]>;

/**
 * The Thai QR code for exactly the amount, as a PNG picture (issue 45): an `<img>` whose long-press
 * a phone offers to save (Thai banking apps read a QR from a saved picture), a download of the same
 * PNG, the account it pays and the payload as text. The server draws it (promptpay.qrUrl answers
 * only the order's buyer, its tailor and admins), so it shows without JavaScript.
 */
export function PromptPayQr({
  orderId,
  amount,
  promptpay,
  lazy = false,
}: {
  orderId: number;
  amount: number;
  promptpay: PromptPay;
  /** Folded away (a slip is sent): fetched only once it is opened. */
  lazy?: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
      <img
        src={promptpay.qrUrl}
        alt={`คิวอาร์โค้ดพร้อมเพย์ ยอด ${formatBahtExact(amount)} ชำระให้ ${promptpay.name}`}
        // The PNG is at least 600 px a side (drawn with whole-pixel modules): shown smaller, saved whole.
        width={600}
        height={600}
        loading={lazy ? "lazy" : "eager"}
        className="mx-auto block aspect-square w-64 max-w-full rounded-lg bg-white ring-1 ring-stone-200"
      />
      <div className="min-w-0 space-y-2">
        <p>
          สแกนด้วยแอปธนาคารใดก็ได้ ยอดเงินจะขึ้นให้ตรงกับคำสั่งซื้อนี้
          <br />
          ชื่อบัญชี <span className="font-semibold text-stone-900">{promptpay.name}</span>
          <br />
          พร้อมเพย์ <span className="font-semibold text-stone-900">{promptpay.id}</span>
        </p>
        <p className="text-stone-600">
          จ่ายจากโทรศัพท์เครื่องนี้: บันทึกรูปคิวอาร์โค้ด (กดค้างที่รูป หรือปุ่มด้านล่าง) แล้วเลือกรูปนั้นในแอปธนาคาร
        </p>
        <a
          href={`${promptpay.qrUrl}?download=1`}
          download={`promptpay-order-${orderId}.png`}
          className="inline-flex min-h-11 items-center rounded-lg px-3 py-2 font-semibold text-indigo-ink ring-1 ring-indigo-ink/30 hover:bg-indigo-soft"
        >
          บันทึกรูปคิวอาร์โค้ด (PNG)
        </a>
        <details>
          <summary className="min-h-11 cursor-pointer py-2 text-indigo-ink">ข้อมูลคิวอาร์โค้ดแบบข้อความ</summary>
          <p data-testid="promptpay-payload" className="break-all rounded bg-stone-50 p-2 font-mono text-xs">
            {promptpay.payload}
          </p>
        </details>
      </div>
    </div>
  );
}
