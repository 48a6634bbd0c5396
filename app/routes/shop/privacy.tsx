import { Link } from "react-router";
import { site } from "~/content/site";
import { PRIVACY_NOTICE_VERSION, privacyVersionDay } from "~/domain/users/privacy";
import { formatThaiLongDate } from "~/lib/format";

export const meta = () => [{ title: `นโยบายความเป็นส่วนตัว | ${site.enterpriseName}` }];

/**
 * The privacy notice (PDPA B.E. 2562; decision 52): what the shop keeps, why, for how long, who
 * sees it and how to ask. Its version (app/domain/users/privacy.ts) is recorded with each sign-up.
 */
export default function Privacy() {
  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-10 leading-relaxed text-stone-800">
      <header>
        <h1 className="text-2xl font-semibold text-indigo-ink sm:text-3xl">นโยบายความเป็นส่วนตัว</h1>
        <p className="mt-2 text-stone-600">
          {site.enterpriseName} · ฉบับวันที่ {formatThaiLongDate(privacyVersionDay(PRIVACY_NOTICE_VERSION))} ·
          ตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562
        </p>
      </header>

      <Section title="ข้อมูลที่เราเก็บ">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            บัญชีของคุณ: ชื่อ อีเมล รหัสผ่าน (เก็บแบบเข้ารหัสทางเดียว ไม่มีใครอ่านได้) เบอร์โทร วันเกิด เพศ ที่อยู่ LINE ID และชื่อ Facebook
            ที่คุณกรอก
          </li>
          <li>คำสั่งซื้อ: แบบเสื้อ จำนวน ราคา ช่างตัดที่เลือก ที่อยู่จัดส่ง และลำดับสถานะ</li>
          <li>ตะกร้าสินค้าและแบบเสื้อที่คุณออกแบบ รูปตัวอย่างที่ช่างอัปโหลด</li>
          <li>การเข้าสู่ระบบ: วันเวลาที่เริ่มใช้งานแต่ละเครื่อง และจำนวนครั้งที่กรอกรหัสผ่านผิด (เพื่อกันการเดารหัสผ่าน)</li>
          <li>การเชื่อมต่อ LINE (หากคุณเชื่อมต่อ): รหัสผู้ใช้ LINE เพื่อส่งแจ้งเตือนเรื่องคำสั่งซื้อ</li>
          <li>บันทึกการทำงานของระบบ: วันเวลา หน้าที่เปิด และผลลัพธ์ ไม่มีรหัสผ่าน ที่อยู่ หรือเบอร์โทร</li>
        </ul>
      </Section>

      <Section title="เราใช้ข้อมูลเพื่ออะไร">
        <p>
          เพื่อรับคำสั่งตัดเสื้อ ส่งต่อให้ช่างตัดที่คุณเลือก จัดส่งเสื้อ แจ้งสถานะคำสั่งซื้อ ดูแลความปลอดภัยของบัญชี และให้ผู้ดูแลระบบช่วยแก้ปัญหาเมื่อคุณขอ
          เราไม่ขายข้อมูลและไม่ใช้เพื่อโฆษณา
        </p>
      </Section>

      <Section title="ใครเห็นข้อมูลของคุณ">
        <ul className="list-disc space-y-1 pl-6">
          <li>ช่างตัดที่คุณสั่งงาน: ชื่อ เบอร์โทร และที่อยู่จัดส่งของคำสั่งซื้อนั้น เพื่อตัดและส่งเสื้อ</li>
          <li>ลูกค้าและผู้เยี่ยมชม (หากคุณเป็นช่างตัด): ชื่อร้าน ชื่อช่าง เบอร์โทร อีเมล LINE ID และที่อยู่ร้านในหน้าร้านผ้าไหม</li>
          <li>ผู้ดูแลระบบของวิสาหกิจ: เพื่อดูแลบัญชีและคำสั่งซื้อ ทุกการเปลี่ยนแปลงที่ผู้ดูแลทำถูกบันทึกไว้และแก้ไขไม่ได้</li>
          <li>LINE (หากคุณเชื่อมต่อ): ข้อความแจ้งสถานะคำสั่งซื้อที่ส่งถึงคุณ</li>
        </ul>
      </Section>

      <Section title="เก็บนานเท่าไร">
        <ul className="list-disc space-y-1 pl-6">
          <li>ข้อมูลบัญชี: จนกว่าคุณจะขอลบบัญชี</li>
          <li>คำสั่งซื้อที่สั่งแล้ว: เก็บเป็นหลักฐานการซื้อขายของช่างตัด เมื่อคุณลบบัญชี เราลบชื่อ อีเมล เบอร์โทร และที่อยู่ออกจากคำสั่งซื้อเหล่านั้น</li>
          <li>การเข้าสู่ระบบแต่ละเครื่อง: 30 วันหลังใช้งานครั้งล่าสุด หรือจนกว่าจะออกจากระบบ</li>
          <li>ไฟล์สำรองข้อมูล: หมุนเวียน ลบฉบับเก่าเมื่อมีฉบับใหม่ครบตามจำนวนที่ตั้งไว้ (ปกติ 14 ฉบับ)</li>
        </ul>
      </Section>

      <Section title="สิทธิ์ของคุณ">
        <p>
          คุณขอดูและดาวน์โหลดข้อมูลทั้งหมดที่เราเก็บเกี่ยวกับคุณได้ที่{" "}
          <Link to="/profile/data" className="text-indigo-ink underline">
            ข้อมูลของฉัน
          </Link>{" "}
          (ต้องเข้าสู่ระบบ) แก้ไขข้อมูลได้ที่หน้าข้อมูลส่วนตัว และขอลบบัญชีได้ด้วยตัวเองจากหน้าเดียวกัน หากต้องการคัดค้าน ขอระงับการใช้ หรือมีคำถาม
          ติดต่อเราได้ที่{" "}
          <Link to="/contact" className="text-indigo-ink underline">
            หน้าติดต่อเรา
          </Link>{" "}
          และคุณมีสิทธิ์ร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล
        </p>
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-xl font-semibold text-indigo-ink">{title}</h2>
      {children}
    </section>
  );
}
