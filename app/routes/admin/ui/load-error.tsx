import { useLocation } from "react-router";
import { ADMIN_MESSAGES } from "~/domain/admin/messages";
import { buttonPrimary } from "./bits";

/** What an admin page shows when its data could not be loaded (spec section 8's load messages). */
export function AdminLoadError({ message }: { message: string }) {
  const { pathname, search } = useLocation();
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-indigo-ink">{message}</h1>
      <p className="mt-3 text-stone-600">{ADMIN_MESSAGES.loadError} กรุณาลองใหม่อีกครั้ง</p>
      <a href={pathname + search} className={`${buttonPrimary} mt-6`}>
        ลองใหม่
      </a>
    </section>
  );
}
