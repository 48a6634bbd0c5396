import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { AddressDialog } from "~/components/address-dialog";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { HIDE_REASON_MAX } from "~/domain/reviews/review-limits";
import { buttonSecondary } from "./bits";

/*
 * The admins' dialog that hides a review with its reason (/admin/manage/reviews?hide=id), in the
 * form pattern (components/forms.tsx). Loaded with the form library only when the page shows it.
 */

const schema = () => import("~/domain/reviews/review-forms").then((module) => module.hideReviewSchema());

export function HideReviewDialog({
  review,
  closeTo,
  action,
  result,
}: {
  review: { id: number; orderId: number; comment: string | null; author: string };
  closeTo: string;
  action: string;
  result?: SubmissionResult<string[]>;
}) {
  const { form, fields, formProps, focusFirst } = useShopForm({ id: "hide-review", schema, lastResult: result });
  return (
    <AddressDialog title={`ซ่อนรีวิวของคำสั่งซื้อ #${review.orderId}?`} closeTo={closeTo}>
      <p className="text-sm text-stone-700">
        รีวิวจาก {review.author}: {review.comment ?? "(ไม่มีความคิดเห็น)"}
      </p>
      <p className="mt-2 text-sm text-stone-700">รีวิวจะไม่แสดงในหน้าร้านและคะแนนเฉลี่ย ผู้เขียนและช่างตัดจะเห็นว่าถูกซ่อนพร้อมเหตุผลนี้</p>
      <Form method="post" action={action} {...formProps} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="hide" />
        <input type="hidden" name="id" value={review.id} />
        <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
        <Field
          label="เหตุผลที่ซ่อน"
          textareaProps={{
            ...getTextareaProps(fields.reason),
            rows: 2,
            maxLength: HIDE_REASON_MAX,
            autoFocus: focusFirst("reason"),
          }}
          errors={fields.reason.errors}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={closeTo} preventScrollReset className={buttonSecondary}>
            ไม่ซ่อน
          </Link>
          <SubmitButton variant="danger" name="intent" value="hide" pendingText="กำลังซ่อน…" className="min-h-11">
            ซ่อนรีวิว
          </SubmitButton>
        </div>
      </Form>
    </AddressDialog>
  );
}
