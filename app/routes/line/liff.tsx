import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { getOptionalUser, homeFor } from "~/auth/guards.server";
import { site } from "~/content/site";
import { isDomainError } from "~/domain/errors";
import { getLiffConfig } from "~/domain/line/config.server";
import { LINE_MESSAGES } from "~/domain/line/messages";
import { designFlexMessage, type FlexMessage, sharedDesignId } from "~/domain/sharing/flex";
import { designShare, lineShareUrl } from "~/domain/sharing/share";
import { getPublicDesign, publicOrigin } from "~/domain/sharing/share.server";
import { httpPolicy } from "~/http/limits";
import type { Route } from "./+types/liff";

/** LINE's hosts the LIFF SDK asks while it starts inside LINE (its app's settings, the person's login): this page's alone. */
export const handle = httpPolicy({
  connect: ["https://api.line.me", "https://access.line.me", "https://liffsdk.line-scdn.net"],
});

export const meta: Route.MetaFunction = () => [
  { title: `${LINE_MESSAGES.loginButton} | ${site.enterpriseName}` },
  { name: "description", content: `เข้าสู่ระบบ${site.enterpriseName}ในแอป LINE ได้ในแตะเดียว` },
];

/**
 * /liff (issue 50): the LIFF app's page, opened inside LINE. With LIFF_ID set (and LINE connected);
 * otherwise 404. It loads the LIFF SDK (the pluggable core, only on this page), takes the ID token
 * LINE gives the page and signs in with POST /api/auth/line/liff. Outside LINE, or without
 * JavaScript, it is an ordinary page: the LINE Login round trip (/line/login) and the e-mail login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const config = getLiffConfig();
  if (!config) throw data(LINE_MESSAGES.notConfigured, { status: 404 });
  const user = await getOptionalUser(context);
  return { liffId: config.liffId, home: user ? homeFor(user) : null, share: await sharedDesign(request) };
}

/**
 * /liff?share=/designs/{id}: a design's page shared from inside LINE (its "แชร์ไปที่ LINE" there
 * comes here, in LINE's LIFF browser): the Flex card for LINE's share target picker, the plain
 * LINE share address for anywhere else, and the way back. Anything else in `share` is ignored.
 */
async function sharedDesign(request: Request) {
  const id = sharedDesignId(new URL(request.url).searchParams.get("share"));
  if (id === null) return null;
  try {
    const design = await getPublicDesign(id);
    const share = designShare(publicOrigin(request), design);
    return {
      back: `/designs/${design.id}`,
      label: design.label,
      flex: designFlexMessage(design, share),
      lineShare: lineShareUrl(share.title, share.url),
    };
  } catch (error) {
    if (isDomainError(error)) return null;
    throw error;
  }
}

type Step =
  | { kind: "waiting" }
  | { kind: "outside" }
  | { kind: "signing-in" }
  | { kind: "unlinked"; displayName: string; login: string; register: string }
  | { kind: "failed"; message: string };

/** LIFF's core with only what this page uses: whether LINE signed the person in, and the ID token. */
async function liffIdToken(liffId: string): Promise<string | null> {
  const [{ default: liff }, { default: IsLoggedIn }, { default: GetIDToken }] = await Promise.all([
    import("@line/liff/core"),
    import("@line/liff/is-logged-in"),
    import("@line/liff/get-id-token"),
  ]);
  liff.use(new IsLoggedIn());
  liff.use(new GetIDToken());
  await liff.init({ liffId });
  return liff.isLoggedIn() ? liff.getIDToken() : null;
}

export default function LiffPage({ loaderData }: Route.ComponentProps) {
  const { liffId, home, share } = loaderData;
  const [step, setStep] = useState<Step>({ kind: "waiting" });

  useEffect(() => {
    if (home || share) return;
    let live = true;
    (async () => {
      const idToken = await liffIdToken(liffId).catch(() => null);
      if (!live) return;
      if (!idToken) return setStep({ kind: "outside" });
      setStep({ kind: "signing-in" });
      const response = await fetch("/api/auth/line/liff", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ idToken }),
      }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as {
        status?: string;
        redirectTo?: string;
        displayName?: string;
        login?: string;
        register?: string;
        error?: string;
      } | null;
      if (!live) return;
      if (body?.status === "signed_in" && body.redirectTo) {
        // A whole page load: every part of the page sees the new session.
        window.location.assign(body.redirectTo);
      } else if (body?.status === "unlinked" && body.login && body.register) {
        setStep({ kind: "unlinked", displayName: body.displayName ?? "", login: body.login, register: body.register });
      } else {
        setStep({ kind: "failed", message: body?.error ?? LINE_MESSAGES.lineDown });
      }
    })();
    return () => {
      live = false;
    };
  }, [liffId, home, share]);

  const button = "flex w-full items-center justify-center rounded-lg px-5 py-2.5 text-center font-semibold min-h-11";
  if (share) return <ShareInLine liffId={liffId} share={share} button={button} />;
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <h1 className="text-2xl font-semibold text-indigo-ink">{LINE_MESSAGES.loginButton}</h1>
        {home ? (
          <>
            <p className="mt-2 text-stone-700">คุณเข้าสู่ระบบอยู่แล้ว</p>
            <Link to={home} className={`${button} mt-4 bg-indigo-ink text-white`}>
              ไปต่อ
            </Link>
          </>
        ) : step.kind === "unlinked" ? (
          <div data-testid="liff-unlinked">
            <p className="mt-2 text-stone-700">
              บัญชี LINE {step.displayName ? `"${step.displayName}" ` : ""}ยังไม่ได้เชื่อมต่อกับบัญชีของร้าน
            </p>
            <Link to={step.login} className={`${button} mt-4 bg-indigo-ink text-white`}>
              มีบัญชีแล้ว: เข้าสู่ระบบแล้วเชื่อมต่อ LINE
            </Link>
            <Link to={step.register} className={`${button} mt-3 text-indigo-ink ring-1 ring-indigo-ink/30`}>
              สมัครสมาชิกด้วยชื่อ LINE นี้
            </Link>
          </div>
        ) : (
          <>
            <p role="status" className="mt-2 text-stone-700">
              {step.kind === "signing-in"
                ? "กำลังเข้าสู่ระบบ..."
                : step.kind === "failed"
                  ? step.message
                  : step.kind === "waiting"
                    ? "เปิดหน้านี้ในแอป LINE เพื่อเข้าสู่ระบบได้ในแตะเดียว"
                    : LINE_MESSAGES.liffOutsideLine}
            </p>
            {/* Without JavaScript, or outside LINE: the LINE Login round trip (a plain link) or e-mail. */}
            <a href="/line/login" className={`${button} mt-4 bg-[#047a35] text-white hover:bg-[#03662c]`}>
              {LINE_MESSAGES.loginButton}
            </a>
            <Link to="/login" className={`${button} mt-3 text-indigo-ink ring-1 ring-indigo-ink/30`}>
              เข้าสู่ระบบด้วยอีเมล
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

/** LIFF's core with LINE's share target picker (and whether this LINE can show it). */
async function sharePicker(liffId: string) {
  const [{ default: liff }, { default: IsLoggedIn }, { default: IsApiAvailable }, { default: ShareTargetPicker }] =
    await Promise.all([
      import("@line/liff/core"),
      import("@line/liff/is-logged-in"),
      import("@line/liff/is-api-available"),
      import("@line/liff/share-target-picker"),
    ]);
  liff.use(new IsLoggedIn());
  liff.use(new IsApiAvailable());
  liff.use(new ShareTargetPicker());
  await liff.init({ liffId });
  if (!liff.isLoggedIn() || !liff.isApiAvailable("shareTargetPicker")) return null;
  return (message: FlexMessage) => liff.shareTargetPicker([message as never]);
}

/**
 * Sharing a design from inside LINE: LINE's share target picker with the design's card (picture,
 * name, price, a button to its page). Where LINE cannot show it (outside LINE, no JavaScript), the
 * plain LINE share link does the same with the address.
 */
function ShareInLine({
  liffId,
  share,
  button,
}: {
  liffId: string;
  share: { back: string; label: string; flex: FlexMessage; lineShare: string };
  button: string;
}) {
  const [pick, setPick] = useState<((message: FlexMessage) => Promise<unknown>) | null>(null);
  const [said, setSaid] = useState("");
  useEffect(() => {
    let live = true;
    sharePicker(liffId)
      .then((found) => {
        if (live && found) setPick(() => found);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [liffId]);
  const choose = async () => {
    if (!pick) return;
    try {
      setSaid((await pick(share.flex)) ? "แชร์แล้ว" : "ยังไม่ได้แชร์");
    } catch {
      setSaid("แชร์ไม่สำเร็จ กรุณาลองอีกครั้ง");
    }
  };
  return (
    <section className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200">
        <h1 className="text-2xl font-semibold text-indigo-ink">แชร์{share.label}</h1>
        {pick ? (
          <button
            type="button"
            onClick={choose}
            className={`${button} mt-4 bg-[#047a35] text-white hover:bg-[#03662c]`}
          >
            เลือกเพื่อนหรือกลุ่มที่จะแชร์
          </button>
        ) : (
          <a href={share.lineShare} className={`${button} mt-4 bg-[#047a35] text-white hover:bg-[#03662c]`}>
            แชร์ไปที่ LINE
          </a>
        )}
        <p role="status" className="mt-2 text-sm text-stone-600 empty:hidden">
          {said}
        </p>
        <Link to={share.back} className={`${button} mt-3 text-indigo-ink ring-1 ring-indigo-ink/30`}>
          กลับไปที่แบบเสื้อ
        </Link>
      </div>
    </section>
  );
}
