import { getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { SHOP_DESCRIPTION_MAX, SHOP_NAME_MAX } from "~/domain/merchants/shop-profile";
import type { ShopProfile } from "~/domain/merchants/shop-profile.server";

const schema = () => import("~/domain/merchants/shop-profile-form").then((module) => module.shopProfileFormSchema());

/**
 * The shop's name, description and whether the address is public (issue 46). The address is the
 * account's own (where the tailor's parcels go): the form shows it and says plainly that it is
 * hidden from the public unless ticked.
 */
export function ShopProfileForm({
  profile,
  result,
  hidden,
  forAdmin = false,
}: {
  profile: Pick<ShopProfile, "shopName" | "description" | "showAddress" | "address">;
  /** On the admin's page: the address is the tailor's, not the reader's. */
  forAdmin?: boolean;
  result?: SubmissionResult<string[]>;
  /** Extra fields the action needs (the admin's page: which tailor). */
  hidden?: Record<string, string>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({
    id: "shop-profile",
    schema,
    lastResult: result,
    defaultValue: {
      shopName: profile.shopName,
      description: profile.description,
      showAddress: profile.showAddress ? "on" : undefined,
    },
  });
  const [typed, setTyped] = useState(Array.from(profile.description).length);
  const showAddress = getInputProps(fields.showAddress, { type: "checkbox" });
  return (
    <section
      aria-labelledby="shop-profile-title"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-6"
    >
      <h2 id="shop-profile-title" className="scroll-mt-24 text-lg font-semibold text-indigo-ink">
        ข้อมูลร้าน
      </h2>
      <p className="mt-1 text-sm text-stone-600">ลูกค้าเห็นชื่อร้านและคำอธิบายในหน้าร้านผ้าไหมและหน้าของร้าน</p>
      <Form method="post" {...formProps} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value="profile" />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
        <Field
          label="ชื่อร้าน"
          hint={`ไม่เกิน ${SHOP_NAME_MAX} ตัวอักษร`}
          inputProps={{
            ...getInputProps(fields.shopName, { type: "text" }),
            autoComplete: "organization",
            autoFocus: focusFirst("shopName"),
          }}
          errors={fields.shopName.errors}
        />
        <Field
          label="คำอธิบายร้าน"
          hint={
            <span aria-live="polite">
              เล่าถึงร้าน ลายผ้า หรือความถนัด ไม่เกิน {SHOP_DESCRIPTION_MAX} ตัวอักษร (พิมพ์แล้ว {typed})
            </span>
          }
          textareaProps={{
            ...getTextareaProps(fields.description),
            rows: 5,
            autoFocus: focusFirst("description"),
            onInput: (event) => setTyped(Array.from(event.currentTarget.value).length),
          }}
          errors={fields.description.errors}
        />
        <fieldset className="rounded-lg bg-cream p-3 ring-1 ring-stone-200">
          <legend className="px-1 text-sm font-semibold text-stone-700">ที่อยู่ของร้าน</legend>
          <p className="text-sm text-stone-700">
            {forAdmin ? "ที่อยู่ในบัญชีของช่าง" : "ที่อยู่ในบัญชีของคุณ"}:{" "}
            <span className="font-semibold">{profile.address || "ยังไม่ได้กรอก"}</span>
          </p>
          <p className="mt-1 text-sm text-stone-600">
            {forAdmin
              ? "ที่อยู่นี้ใช้ส่งของถึงช่าง โดยปกติจะไม่แสดงต่อสาธารณะ ติ๊กช่องด้านล่างเมื่อช่างต้องการให้ทุกคนเห็นในหน้าร้าน"
              : "ที่อยู่นี้ใช้ส่งของถึงคุณ โดยปกติจะไม่แสดงต่อสาธารณะ ติ๊กช่องด้านล่างหากต้องการให้ทุกคนเห็นในหน้าร้าน (แก้ที่อยู่ได้ที่หน้าข้อมูลส่วนตัว)"}
          </p>
          <label className="mt-2 flex min-h-11 items-center gap-3">
            <input
              {...showAddress}
              key={showAddress.key}
              className="size-5 shrink-0 accent-indigo-ink"
              // biome-ignore lint/a11y/noAutofocus: only on the page answering a refused form, to bring its first error into view
              autoFocus={focusFirst("showAddress")}
            />
            <span>แสดงที่อยู่นี้ต่อสาธารณะในหน้าร้าน</span>
          </label>
        </fieldset>
        <div>
          <SubmitButton name="intent" value="profile">
            บันทึกข้อมูลร้าน
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
