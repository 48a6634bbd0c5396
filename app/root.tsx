import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { getSessionUser } from "./auth/session.server";
import { InlineStyle } from "./components/inline-style";
import { NoticeDialog } from "./components/notice-dialog";
import { type HeaderUser, SiteHeader } from "./components/site-header";
import { site } from "./content/site";
import { takeNotice } from "./lib/toast.server";
import { NOT_A_FORM, refuseNonFormWrite } from "./security/form-body";
import { crossSiteRefusal, isCrossSiteWrite } from "./security/origin";

/** Every request passes here first: writes from other sites stop before any action runs. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (isCrossSiteWrite(request)) return crossSiteRefusal(new URL(request.url).pathname);
    // An address with a NUL character (%00) can name nothing here and could reach a query.
    if (/%00/i.test(request.url))
      return new Response(NOT_A_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    const notAForm = await refuseNonFormWrite(request);
    if (notAForm) return notAForm;
    return inThai(await next());
  },
];

/**
 * React Router answers a method a resource route does not take (a POST to a read-only call,
 * a GET to a write-only one) in English; say it in Thai, as { error } like every JSON call.
 */
async function inThai(response: Response): Promise<Response> {
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status === 405 && !type.includes("html") && !(await response.clone().text()).includes('"error"'))
    return Response.json(
      { error: METHOD_NOT_ALLOWED },
      { status: 405, headers: response.headers.has("Allow") ? { Allow: response.headers.get("Allow")! } : {} },
    );
  if (
    response.status === 400 &&
    !type.includes("html") &&
    (await response.clone().text()).includes("did not provide a `loader`")
  ) {
    return Response.json({ error: METHOD_NOT_ALLOWED }, { status: 405 });
  }
  return response;
}

const METHOD_NOT_ALLOWED = "ไม่รองรับวิธีเรียกนี้";

export async function loader({ request }: Route.LoaderArgs) {
  const [sessionUser, { notice, headers }] = await Promise.all([getSessionUser(request), takeNotice(request)]);
  const user: HeaderUser | null = sessionUser
    ? { id: sessionUser.id, name: sessionUser.name, roles: sessionUser.roles }
    : null;
  return data({ user, notice }, { headers });
}

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
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
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
        <main id="main">{children}</main>
        <NoticeDialog notice={rootData?.notice ?? null} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "เกิดข้อผิดพลาด";
  let detail = "ขออภัย ระบบขัดข้องชั่วคราว กรุณาลองใหม่อีกครั้ง";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "ไม่พบหน้าที่ต้องการ";
      detail = "หน้านี้อาจถูกย้ายหรือไม่มีอยู่ กลับไปที่หน้าแรกแล้วลองใหม่";
    } else if (error.status === 403) {
      title = "ไม่มีสิทธิ์เข้าถึง";
      detail = "บัญชีของคุณไม่มีสิทธิ์ดูหน้านี้";
    } else if (typeof error.data === "string" && error.data) {
      detail = error.data;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-indigo-ink">{title}</h1>
      <p className="mt-3 text-stone-600">{detail}</p>
      <a href="/" className="mt-6 inline-block rounded-lg bg-indigo-ink px-5 py-2.5 font-semibold text-white">
        กลับหน้าแรก
      </a>
    </section>
  );
}
