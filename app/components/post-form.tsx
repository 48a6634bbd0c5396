import { type ReactNode, useId } from "react";
import { type FormProps, Form as RouterForm, useRouteLoaderData } from "react-router";
import { POST_KEY_FIELD } from "~/lib/post-key";

/**
 * The idempotency key a form sends with its write (issue 51; app/http/answer-once.server.ts): the
 * page's key from the root loader (new with every drawing of a signed-in person's page, none on a
 * visitor's) and the form's place on the page. A second tap, or a resend after a dropped
 * connection, sends the same key and runs nothing twice; after a write the page is drawn again
 * (the root's loader runs) and the forms have new keys.
 */
export function PostKey() {
  const root = useRouteLoaderData("root") as { postKey?: string | null } | undefined;
  const place = useId().replace(/[^\w-]/g, "");
  if (!root?.postKey) return null;
  return <input type="hidden" name={POST_KEY_FIELD} value={`${root.postKey}.${place}`} />;
}

/**
 * React Router's Form, with the page's idempotency key in every form that writes, and Conform's side
 * of the form once it has arrived (`binding`, from `useShopForm`'s `formProps`: components/forms.tsx).
 */
export function Form({
  children,
  binding,
  ...props
}: FormProps & { ref?: React.Ref<HTMLFormElement>; binding?: ReactNode }) {
  const writes = (props.method ?? "get").toLowerCase() !== "get";
  return (
    <RouterForm {...props}>
      {writes && <PostKey />}
      {binding}
      {children}
    </RouterForm>
  );
}
