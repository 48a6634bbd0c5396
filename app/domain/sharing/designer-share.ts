import { site } from "~/content/site";
import { type Choice, searchOf, shirtLabel } from "~/domain/designer/selection";
import { type designPictureContent, pictureKey, type ShareInfo } from "./share";

/*
 * The designer's link (/design?…): its picture and tags name the shirt from the catalogue, so
 * this part of the sharing stays apart from share.ts, which the silk shops and the home page read
 * without loading every part's name.
 */

/** What the picture of a designer link shows: the shirt whose parts are in the address. */
export function designerPictureContent(choice: Choice): ReturnType<typeof designPictureContent> {
  return { choice, overrides: {}, title: shirtLabel(choice), shopName: null, price: null };
}

/** The picture of the shirt in a designer address: its parts are in the picture's address too. */
export function designerPicturePath(choice: Choice): string {
  return `/share/designer/${pictureKey("designer", designerPictureContent(choice))}.jpg${searchOf(choice)}`;
}

export function designerShare(origin: string, choice: Choice): ShareInfo {
  const label = shirtLabel(choice);
  return {
    title: `${label} ที่ออกแบบเอง | ${site.shortName}`,
    description: "ดูเสื้อที่ออกแบบไว้ เลือกคอเสื้อ สาบ ลายผ้าทอ และสีต่อได้ แล้วสั่งตัดกับช่างในชุมชน",
    url: `${origin}/design${searchOf(choice, { category: "shirt" })}`,
    image: `${origin}${designerPicturePath(choice)}`,
    imageAlt: `ภาพ${label}ที่ออกแบบไว้`,
  };
}
