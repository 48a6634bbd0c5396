/**
 * A write's idempotency key (issue 51; the server's side is app/http/answer-once.server.ts): JSON
 * calls send it in the `Idempotency-Key` header, the shop's forms in a hidden field of this name
 * (components/post-form.tsx), made when the form was drawn.
 */
export const POST_KEY_FIELD = "_key";
export const POST_KEY_HEADER = "Idempotency-Key";

/** Letters, digits and `.` `_` `:` `-`, 1 to 200 of them. */
export const POST_KEY_PATTERN = /^[\w.:-]{1,200}$/;
