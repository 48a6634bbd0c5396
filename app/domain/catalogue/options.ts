import type { CategoryKey } from "./categories";
import { SIZE_OPTIONS } from "./sizes";

/**
 * Every option of the catalogue, named by sid. Seeded into PatternOption; artwork is
 * served from /api/assets/patterns/{sid}.svg.
 */
export interface PatternOptionSeed {
  sid: string;
  category: CategoryKey;
  labelTh: string;
  labelEn: string;
  /** #rrggbb, for colour options. */
  color?: string;
}

export const PATTERN_OPTIONS: readonly PatternOptionSeed[] = [
  { sid: "shirt1", category: "shirt", labelTh: "เสื้อเชิ้ตชายแขนยาว", labelEn: "Men's long-sleeve shirt" },
  { sid: "shirt2", category: "shirt", labelTh: "เสื้อชายแขนสั้นทรงหม้อห้อม", labelEn: "Men's short-sleeve work shirt" },
  { sid: "shirt3", category: "shirt", labelTh: "เสื้อคอจีนแขนยาว", labelEn: "Mandarin-collar long-sleeve shirt" },
  { sid: "shirt4", category: "shirt", labelTh: "เสื้อหญิงแขนกระบอก", labelEn: "Women's fitted-sleeve blouse" },
  { sid: "shirt5", category: "shirt", labelTh: "เสื้อป้ายหญิง", labelEn: "Women's wrap blouse" },
  { sid: "shirt6", category: "shirt", labelTh: "เสื้อหญิงแขนสามส่วน", labelEn: "Women's three-quarter-sleeve blouse" },

  { sid: "neck1", category: "neck", labelTh: "คอจีน", labelEn: "Mandarin collar" },
  { sid: "neck2", category: "neck", labelTh: "คอปกเชิ้ต", labelEn: "Shirt collar" },
  { sid: "neck3", category: "neck", labelTh: "คอวีขลิบลาย", labelEn: "Patterned V-neck" },
  { sid: "neck4", category: "neck", labelTh: "คอกลมแถบขิด", labelEn: "Round neck with khit band" },
  { sid: "neck5", category: "neck", labelTh: "คอตั้งลายดอกแก้ว", labelEn: "Stand collar, dok kaeo motif" },

  { sid: "placket1", category: "placket", labelTh: "สาบกระดุมผ่าหน้า", labelEn: "Buttoned front placket" },
  { sid: "placket2", category: "placket", labelTh: "สาบลายขิด", labelEn: "Khit-pattern placket" },
  { sid: "placket3", category: "placket", labelTh: "สาบลายนาค", labelEn: "Naga-pattern placket" },
  { sid: "placket4", category: "placket", labelTh: "สาบกระดุมเงิน", labelEn: "Placket with silver buttons" },

  { sid: "seam1", category: "seam", labelTh: "แถบไหล่ลายขอ", labelEn: "Hook-motif shoulder band" },
  { sid: "seam2", category: "seam", labelTh: "ขลิบไหล่สีแดงครั่ง", labelEn: "Lac-red shoulder piping" },
  { sid: "seam3", category: "seam", labelTh: "แถบไหล่ลายดาว", labelEn: "Star-motif shoulder band" },

  { sid: "bag1", category: "bag", labelTh: "กระเป๋าปะเรียบ", labelEn: "Plain patch pocket" },
  { sid: "bag2", category: "bag", labelTh: "กระเป๋ามีฝาลายขิด", labelEn: "Flap pocket with khit band" },
  { sid: "bag3", category: "bag", labelTh: "กระเป๋าขลิบแดง", labelEn: "Red-piped pocket" },
  { sid: "bag4", category: "bag", labelTh: "กระเป๋าลายมัดหมี่", labelEn: "Mudmee-pattern pocket" },

  { sid: "side1", category: "side", labelTh: "ผ่าข้างขลิบลาย", labelEn: "Patterned side slit" },
  { sid: "side2", category: "side", labelTh: "ผ่าข้างต่อผ้าทอ", labelEn: "Side slit with woven inset" },
  { sid: "side3", category: "side", labelTh: "ผ่าข้างปลายมน", labelEn: "Rounded side slit" },

  { sid: "arm1", category: "arm", labelTh: "ปลายแขนแถบขิด", labelEn: "Khit cuff band" },
  { sid: "arm2", category: "arm", labelTh: "ปลายแขนขลิบแดง", labelEn: "Red-piped cuff" },
  { sid: "arm3", category: "arm", labelTh: "ปลายแขนลายนาค", labelEn: "Naga-pattern cuff" },
  { sid: "arm4", category: "arm", labelTh: "ปลายแขนลายดาว", labelEn: "Star-pattern cuff" },

  { sid: "hem1", category: "hem", labelTh: "ชายเสื้อลายขิดดอกแก้ว", labelEn: "Khit dok kaeo hem band" },
  { sid: "hem2", category: "hem", labelTh: "ชายเสื้อลายนาค", labelEn: "Naga hem band" },
  { sid: "hem3", category: "hem", labelTh: "ชายเสื้อลายขอ", labelEn: "Hook-motif hem band" },
  { sid: "hem4", category: "hem", labelTh: "ชายเสื้อลายมัดหมี่", labelEn: "Mudmee hem band" },

  { sid: "color1", category: "color", labelTh: "สีคราม", labelEn: "Indigo", color: "#1f2a5a" },
  { sid: "color2", category: "color", labelTh: "สีดำมะเกลือ", labelEn: "Ebony black", color: "#23201f" },
  { sid: "color3", category: "color", labelTh: "สีแดงครั่ง", labelEn: "Lac red", color: "#a3322b" },
  { sid: "color4", category: "color", labelTh: "สีเหลืองแก่นขนุน", labelEn: "Jackfruit yellow", color: "#d9a63c" },
  { sid: "color5", category: "color", labelTh: "สีเขียวใบตอง", labelEn: "Banana-leaf green", color: "#4f7a3a" },
  { sid: "color6", category: "color", labelTh: "สีขาวฝ้าย", labelEn: "Cotton white", color: "#f3efe6" },
  { sid: "color7", category: "color", labelTh: "สีม่วงลูกหว้า", labelEn: "Java-plum purple", color: "#5b2b5e" },
  { sid: "color8", category: "color", labelTh: "สีน้ำตาลเปลือกประดู่", labelEn: "Padauk brown", color: "#7a4e2d" },

  { sid: "fabric1", category: "fabric", labelTh: "ผ้าฝ้ายทอมือ", labelEn: "Hand-woven cotton" },
  { sid: "fabric2", category: "fabric", labelTh: "ผ้าฝ้ายย้อมคราม", labelEn: "Indigo-dyed cotton" },
  { sid: "fabric3", category: "fabric", labelTh: "ผ้าไหมทอมือ", labelEn: "Hand-woven silk" },
  { sid: "fabric4", category: "fabric", labelTh: "ผ้าฝ้ายผสมลินิน", labelEn: "Cotton-linen blend" },

  { sid: "thread1", category: "thread", labelTh: "ด้ายฝ้าย", labelEn: "Cotton thread" },
  { sid: "thread2", category: "thread", labelTh: "ด้ายไหม", labelEn: "Silk thread" },
  { sid: "thread3", category: "thread", labelTh: "ด้ายโพลีเอสเตอร์", labelEn: "Polyester thread" },

  { sid: "ttape1", category: "ttape", labelTh: "ใช้ผ้ากาวเสริมคอและสาบ", labelEn: "Interfaced collar and placket" },
  { sid: "ttape2", category: "ttape", labelTh: "ไม่ใช้ผ้ากาว", labelEn: "No interfacing" },

  // The sizes, listed with their rules in sizes.ts.
  ...SIZE_OPTIONS,
];

const OPTION_BY_SID = new Map(PATTERN_OPTIONS.map((option) => [option.sid, option]));

/**
 * An option of the catalogue by its sid, from memory: the catalogue is this file, and the shop
 * writes PatternOption only from it (seedCatalogue), so pages read it here rather than ask the
 * database on every request. Undefined for a sid the catalogue no longer has.
 */
export function catalogueOption(sid: string): PatternOptionSeed | undefined {
  return OPTION_BY_SID.get(sid);
}

export function patternImageUrl(sid: string): string {
  return `/api/assets/patterns/${sid}.svg`;
}
