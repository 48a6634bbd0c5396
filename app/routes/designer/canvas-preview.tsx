import { useEffect, useRef, useState } from "react";
import { compose, type LayerKey } from "~/domain/designer/compose";
import type { Choice, Override, Overrides } from "~/domain/designer/selection";
import type { Stage } from "./fabric-stage.client";

/**
 * The preview: the server's SVG drawing first (visible before and without any script), replaced by
 * the fabric.js canvas once that has loaded and drawn the same composition. fabric.js (about 90 KB
 * compressed) loads only when someone reaches for the picture (pointer over it, a touch, a click):
 * a customer or tailor who only picks options never pays for it, and the server draws their
 * design's picture instead (the same drawing as the preview, with any parts they moved).
 */

/** The canvas once it has loaded (null before, or if it could not load): its picture goes with the form. */
export type StageRef = React.RefObject<Stage | null>;

function useCanvasPx(): number | null {
  const [px, setPx] = useState<number | null>(null);
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 768px)");
    const update = () => setPx(wide.matches ? 500 : 300);
    update();
    wide.addEventListener("change", update);
    return () => wide.removeEventListener("change", update);
  }, []);
  return px;
}

export function CanvasPreview(props: {
  choice: Choice;
  overrides: Overrides;
  previewUrl: string;
  label: string;
  onOverride: (key: LayerKey, override: Override) => void;
  stageRef: StageRef;
}) {
  const { choice, overrides, previewUrl, label, onOverride, stageRef } = props;
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const hostRef = useRef<HTMLDivElement>(null);
  const px = useCanvasPx();
  const [stage, setStage] = useState<Stage | null>(null);
  const [drawn, setDrawn] = useState(false);
  const overrideRef = useRef(onOverride);
  overrideRef.current = onOverride;

  useEffect(() => {
    if (!wanted || !px || !hostRef.current) return;
    let created: Stage | null = null;
    let cancelled = false;
    import("./fabric-stage.client")
      .then(({ createStage }) => {
        if (cancelled || !hostRef.current) return;
        created = createStage(hostRef.current, px, (key, override) => overrideRef.current(key, override));
        stageRef.current = created;
        setStage(created);
      })
      .catch((error: unknown) => {
        console.warn("The design canvas could not load; the server's preview stays.", error);
      });
    return () => {
      cancelled = true;
      created?.dispose();
      stageRef.current = null;
      setStage(null);
      setDrawn(false);
    };
  }, [wanted, px, stageRef]);

  useEffect(() => {
    if (!stage || !px) return;
    let current = true;
    void stage
      .render(compose(choice, { canvas: px === 500 ? "wide" : "narrow", overrides }))
      .then(() => current && setDrawn(true));
    return () => {
      current = false;
    };
  }, [stage, px, choice, overrides]);

  return (
    <>
      <div
        // 300 px (500 px wide), smaller where a phone has less room: the canvas is drawn at its
        // size and scaled by CSS (fabric.js maps the pointer through the scale).
        className="relative mx-auto aspect-square w-full max-w-[300px] overflow-hidden rounded-xl bg-white md:max-w-[500px] [&_.canvas-container]:size-full! [&_canvas]:size-full!"
        data-testid="design-preview"
        data-canvas={drawn ? "ready" : "server"}
        onPointerEnter={want}
        onPointerDown={want}
      >
        <img
          src={previewUrl}
          width={500}
          height={500}
          // The page's largest picture: asked for ahead of the option cards' pictures and the scripts.
          fetchPriority="high"
          alt={`ภาพตัวอย่าง${label}`}
          className={`absolute inset-0 size-full ${drawn ? "invisible" : ""}`}
        />
        <div ref={hostRef} className={`absolute inset-0 ${drawn ? "" : "opacity-0"}`} />
      </div>
      {/* The hint's room (two lines on a phone) is kept from the first paint: the hint appears only
          once scripts run, and pushed everything below it down, the option grid a customer had just
          scrolled to out of view. */}
      <p className="mt-2 min-h-10 text-center text-sm text-stone-500">
        {drawn
          ? "แตะชิ้นส่วนเพื่อเลือก แล้วลากเพื่อย้าย ลากที่มุมเพื่อปรับขนาด"
          : // Only once scripts run (px is set in an effect): without them there is no canvas to offer.
            px && !wanted
            ? "แตะหรือชี้ที่ภาพเพื่อจัดตำแหน่งชิ้นส่วนเอง"
            : null}
      </p>
    </>
  );
}
