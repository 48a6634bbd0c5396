import { type FormEvent, useState } from "react";
import { useSubmit } from "react-router";

/**
 * A form with a phone's photo, sent shrunk (issue 45): with JavaScript the chosen photo is made at
 * most 1,600 px JPEG in the browser first (shrink-photo.ts, loaded on first send), so a 12 MB photo
 * goes as a few hundred KB on a slow connection; the rest of the form goes with it as typed (its
 * idempotency key too). Without a photo the form is sent as it is. A photo the browser cannot read
 * goes unchanged for the server to judge, unless it is over `maxBytes`: then `tooBig` is shown
 * beside the field and nothing is sent. If the shrinking module cannot load (the connection
 * dropped), the plain form is sent as without JavaScript, and the server shrinks the photo.
 */
export function usePhotoShrinkingSubmit({
  field,
  maxBytes,
  tooBig,
}: {
  field: string;
  maxBytes: number;
  tooBig: string;
}) {
  const submit = useSubmit();
  const [preparing, setPreparing] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const formElement = event.currentTarget;
    const body = new FormData(formElement);
    const file = body.get(field);
    // No photo chosen: React Router's Form sends it (or the browser's required check stops it).
    if (!(file instanceof File) || file.size === 0) return;
    event.preventDefault();
    setLocalError(null);
    setPreparing(true);
    try {
      const { shrinkPhoto } = await import("./shrink-photo");
      const shrunk = await shrinkPhoto(file).catch(() => null);
      if (!shrunk && file.size > maxBytes) {
        setLocalError(tooBig);
        return;
      }
      body.set(field, shrunk ?? file);
      submit(body, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
    } catch {
      formElement.submit();
    } finally {
      setPreparing(false);
    }
  }

  return { onSubmit, preparing, localError, clearLocalError: () => setLocalError(null) };
}
