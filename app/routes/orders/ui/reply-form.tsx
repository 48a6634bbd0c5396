import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Field, FormErrors, SubmitButton, useShopForm } from "~/components/forms";
import { Form } from "~/components/post-form";
import { REPLY_MAX } from "~/domain/reviews/review-limits";

const replySchema = () => import("~/domain/reviews/review-forms").then((module) => module.replySchema());

/** The tailor's one answer to the review. */
export function ReplyForm({ result }: { result?: SubmissionResult<string[]> }) {
  const { form, fields, formProps, focusFirst } = useShopForm({ id: "reply", schema: replySchema, lastResult: result });
  return (
    <Form method="post" {...formProps} className="space-y-2 border-t border-stone-100 pt-3">
      <input type="hidden" name="intent" value="review-reply" />
      <FormErrors errors={form.errors} autoFocus={focusFirst("")} />
      <Field
        label="ตอบรีวิวนี้ (ตอบได้ครั้งเดียว)"
        textareaProps={{
          ...getTextareaProps(fields.reply),
          rows: 3,
          maxLength: REPLY_MAX,
          autoFocus: focusFirst("reply"),
        }}
        errors={fields.reply.errors}
      />
      <SubmitButton name="intent" value="review-reply" pendingText="กำลังบันทึก…" className="min-h-11">
        ส่งคำตอบ
      </SubmitButton>
    </Form>
  );
}
