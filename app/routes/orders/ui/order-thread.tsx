import { type FormEvent, useEffect, useRef, useState } from "react";
import { PrefetchPageLinks, useFetcher, useRevalidator } from "react-router";
import { PostKey } from "~/components/post-form";
import {
  AUTHOR_ROLE_LABELS,
  MESSAGE_MAX_CHARS,
  MESSAGE_MESSAGES,
  type MessageView,
  threadPath,
} from "~/domain/messages/messages";
import { PHOTO_MAX_BYTES } from "~/http/limits";
import { formatThaiDateTime } from "~/lib/format";

/**
 * An order's conversation (issue 48): the messages oldest first and a form to write. Text is shown
 * as React escapes it, its line breaks kept by CSS (white-space: pre-line), never as HTML. Without
 * JavaScript the form posts to /orders/{id}/messages and comes back to this page; with JavaScript a
 * fetcher sends it (the photo shrunk first, as the slip's), the page's data is read again so the
 * message appears, and again whenever the page regains focus.
 */
export function OrderThread({
  orderId,
  messages,
  refusal,
}: {
  orderId: number;
  messages: MessageView[];
  /** A refused post answered without JavaScript: its reason and the text to keep. */
  refusal?: { error: string; text: string };
}) {
  const fetcher = useFetcher<{ sent?: true; error?: string; text?: string }>();
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const [preparing, setPreparing] = useState(false);
  // Someone started to write: the thread's route script is loaded then (below).
  const [writing, setWriting] = useState(false);
  const sending = preparing || fetcher.state !== "idle";
  const answer = fetcher.data;
  const error = sending ? null : (answer?.error ?? (answer ? null : (refusal?.error ?? null)));

  // Sent: the form starts empty again.
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.sent) form.current?.reset();
  }, [fetcher.state, answer]);

  // The other side may have answered meanwhile: read again when the page comes back into view.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    };
    window.addEventListener("focus", again);
    document.addEventListener("visibilitychange", again);
    return () => {
      window.removeEventListener("focus", again);
      document.removeEventListener("visibilitychange", again);
    };
  }, [revalidator]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const body = new FormData(element);
    const file = body.get("image");
    if (file instanceof File && file.size > 0) {
      setPreparing(true);
      try {
        const { shrinkPhoto } = await import("./shrink-photo");
        const shrunk = await shrinkPhoto(file).catch(() => null);
        if (shrunk) body.set("image", shrunk);
        else if (file.size > PHOTO_MAX_BYTES) body.delete("image");
      } catch {
        // The module could not load: the photo goes as it is and the server shrinks it.
      } finally {
        setPreparing(false);
      }
    } else body.delete("image");
    fetcher.submit(body, { method: "post", action: threadPath(orderId), encType: "multipart/form-data" });
  }

  return (
    <section
      id="messages"
      aria-labelledby="messages-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <h2 id="messages-title" className="text-lg font-semibold text-indigo-ink">
        ข้อความถึงกัน
      </h2>
      {messages.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">ยังไม่มีข้อความ ถามหรือบอกรายละเอียดเพิ่มเติมเกี่ยวกับเสื้อตัวนี้ได้ที่นี่</p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label="ข้อความ" data-testid="message-list">
          {messages.map((message) => (
            <li
              key={message.id}
              data-testid="message"
              className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ring-1 ${
                message.mine ? "ml-auto bg-indigo-soft ring-indigo-ink/20" : "bg-cream ring-stone-200"
              }`}
            >
              <p className="text-xs text-stone-600">
                <span className="font-semibold text-stone-800">{message.author.name}</span> (
                {AUTHOR_ROLE_LABELS[message.author.role]}) · {formatThaiDateTime(message.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-stone-900" data-testid="message-text">
                {message.text}
              </p>
              {message.imageUrl ? (
                <a href={message.imageUrl} target="_blank" rel="noreferrer" className="mt-2 block">
                  <img
                    src={message.imageUrl}
                    alt={`รูปที่${message.author.name}แนบมา`}
                    loading="lazy"
                    className="max-h-60 rounded-lg ring-1 ring-stone-200"
                  />
                </a>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <form
        ref={form}
        method="post"
        action={threadPath(orderId)}
        encType="multipart/form-data"
        onSubmit={onSubmit}
        // As React Router's own forms: its route is known while online (fog of war's discovery).
        data-discover="true"
        className="mt-4 space-y-2 border-t border-stone-100 pt-3"
      >
        {/* And its route's script is loaded as soon as someone starts to write (not with the page):
            a message sent after the connection dropped then waits to be sent again
            (app/lib/resend.client.ts) rather than fail on a script it cannot load. */}
        {writing ? <PrefetchPageLinks page={threadPath(orderId)} /> : null}
        <PostKey />
        <label htmlFor={`message-text-${orderId}`} className="block font-semibold text-stone-700">
          เขียนข้อความ
        </label>
        <textarea
          id={`message-text-${orderId}`}
          // Online and live only: a page shown from the worker's copy, or offline, asks for nothing.
          onFocus={() =>
            setWriting((was) => was || (navigator.onLine && document.documentElement.dataset.offline !== "1"))
          }
          name="text"
          required
          rows={3}
          maxLength={MESSAGE_MAX_CHARS}
          defaultValue={refusal?.text ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `message-error-${orderId}` : undefined}
          className="block w-full rounded-lg border-0 p-2 text-base ring-1 ring-stone-300 focus:ring-2 focus:ring-indigo-ink"
        />
        <label htmlFor={`message-image-${orderId}`} className="block text-sm text-stone-600">
          แนบรูป (ถ้ามี) JPEG, PNG หรือ WebP ไม่เกิน 20 MB
        </label>
        <input
          id={`message-image-${orderId}`}
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="block w-full text-sm file:mr-2 file:min-h-11 file:rounded-lg file:border-0 file:bg-silk-soft file:px-3 file:py-2 file:text-indigo-ink"
        />
        {error ? (
          <p
            id={`message-error-${orderId}`}
            role="alert"
            data-testid="message-error"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-lac ring-1 ring-lac/30"
          >
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={sending}
          className="min-h-11 rounded-xl bg-indigo-ink px-4 py-2.5 font-semibold text-white hover:bg-indigo-deep disabled:opacity-60"
        >
          {preparing ? "กำลังย่อรูป…" : sending ? "กำลังส่ง…" : "ส่งข้อความ"}
        </button>
        <p className="sr-only" aria-live="polite">
          {answer?.sent && !sending ? MESSAGE_MESSAGES.sent : ""}
        </p>
      </form>
    </section>
  );
}
