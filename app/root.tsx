import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { answerWritesOnce, getOptionalUser, sessionMiddleware } from "./auth/guards.server";
import { ErrorPage } from "./components/error-page";
import { InlineStyle } from "./components/inline-style";
import { KeptPageRefresh } from "./components/kept-page-refresh";
import { lazyPart } from "./components/lazy-part";
import { NavigationProgress } from "./components/navigation-progress";
import { type HeaderUser, SiteHeader } from "./components/site-header";
import { site } from "./content/site";
import { publicOrigin } from "./domain/sharing/share.server";
import { headerCounts } from "./domain/users/header-counts.server";
import { edgeMiddleware } from "./http/middleware.server";
import { orPageError } from "./http/responses.server";
import { isCustomer } from "./lib/navigation";
import { noticeOfThisRequest, takeNotice } from "./lib/toast.server";

/**
 * The notice after a form (components/notice-dialog.tsx) is drawn only when there is one, and its
 * file loads then, or as soon as a form is first sent, so that it has arrived with the answer. A page
 * that opens with a notice shows the server's drawing at once, and it closes by itself without script
 * (app.css); most pages never show one.
 */
const loadNoticeDialog = () => import("./components/notice-dialog").then((module) => module.NoticeDialog);
const NoticeDialog = lazyPart(loadNoticeDialog);
if (typeof document !== "undefined")
  document.addEventListener("submit", () => void loadNoticeDialog().catch(() => undefined), {
    once: true,
    capture: true,
  });

/** Every request passes the HTTP edge's checks (app/http), then its session goes into the context. */
export const middleware: Route.MiddlewareFunction[] = [...edgeMiddleware, sessionMiddleware, answerWritesOnce];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [sessionUser, { notice, headers }] = await Promise.all([getOptionalUser(context), takeNotice(request)]);
  // A customer's header shows how many lines their cart holds (read anew after every form).
  // and everyone signed in how many notifications wait unread (the bell, issue 48).
  const user: HeaderUser | null = sessionUser
    ? {
        id: sessionUser.id,
        name: sessionUser.name,
        roles: sessionUser.roles,
        ...(await orPageError(() => headerCounts(sessionUser.id, isCustomer(sessionUser)))),
      }
    : null;
  // The shop's public address: the pages' share tags and links are absolute (issue 50).
  // The key the page's forms send with a write (components/post-form.tsx): new with every drawing,
  // so a form sent twice from one drawing runs once. Never on a visitor's page, which is shared.
  const postKey = sessionUser ? crypto.randomUUID() : null;
  return data(
    { user, notice: noticeOfThisRequest(context) ?? notice, origin: publicOrigin(request), postKey },
    { headers },
  );
}

/**
 * React Router runs no loader after a form it answered with 4xx or 5xx; the root's still runs when
 * the answer brought a notice (dataWithErrorNow marks it `notice`), so the notice shows at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  const brought = typeof actionResult === "object" && actionResult !== null && "notice" in actionResult;
  if (brought && actionResult.notice === true) return true;
  return defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = () => [
  { title: site.enterpriseName },
  { name: "description", content: site.tagline },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="th">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2a5a" />
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <InlineStyle />
        <Links />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          ข้ามไปยังเนื้อหา
        </a>
        <SiteHeader user={rootData?.user ?? null} />
        <NavigationProgress />
        <main id="main">{children}</main>
        <footer className="mt-12 border-t border-stone-200 print:hidden">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-4 text-sm text-stone-600">
            <p>{site.enterpriseName}</p>
            <Link to="/privacy" className="inline-block py-1.5 underline underline-offset-2 hover:text-indigo-ink">
              นโยบายความเป็นส่วนตัว
            </Link>
          </div>
        </footer>
        {rootData?.notice ? <NoticeDialog notice={rootData.notice} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <KeptPageRefresh />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The shop's page for every error (components/error-page.tsx); a fault's own words only in development.
  const devDetail =
    !isRouteErrorResponse(error) && import.meta.env.DEV && error instanceof Error ? error.message : undefined;
  return <ErrorPage error={error} devDetail={devDetail} />;
}
