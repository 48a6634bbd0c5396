/** The heading and rules above a price list. */
export function PricingIntro({ title, shopName }: { title: string; shopName?: string }) {
  return (
    <header>
      <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">{title}</h1>
      {shopName ? <p className="mt-1 text-lg text-stone-700">{shopName}</p> : null}
      <p id="pricing-help" className="mt-2 max-w-3xl text-stone-600">
        ใส่ราคาต่อชิ้นของแต่ละลวดลายเป็นบาท ราคาเสื้อหนึ่งตัวคือผลรวมราคาชิ้นส่วนที่ลูกค้าเลือก ช่องที่เว้นว่างหมายถึงไม่รับทำชิ้นส่วนนั้น
        การเปลี่ยนราคาไม่มีผลกับคำสั่งซื้อที่สั่งไปแล้ว
      </p>
    </header>
  );
}
