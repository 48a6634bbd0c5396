import { Canvas, FabricImage, type FabricObject } from "fabric";
import type { Composition, Layer, LayerKey } from "~/domain/designer/compose";
import type { Override } from "~/domain/designer/selection";

/**
 * The designer's fabric.js canvas (loaded only on the designer pages, only in the browser). It
 * draws the layers of the shared composition; parts can be dragged and scaled (reported back as
 * overrides in wide-canvas units); the base shirt never moves.
 */

export interface Stage {
  render(composition: Composition): Promise<void>;
  exportPng(): string;
  dispose(): void;
}

interface Placed {
  layer: Layer;
  naturalWidth: number;
  naturalHeight: number;
}

export function createStage(
  host: HTMLElement,
  px: number,
  onOverride: (key: LayerKey, override: Override) => void,
): Stage {
  const element = document.createElement("canvas");
  element.setAttribute("aria-label", "พื้นที่ออกแบบเสื้อ ลากเพื่อย้ายหรือปรับขนาดชิ้นส่วน");
  host.replaceChildren(element);
  const canvas = new Canvas(element, {
    width: px,
    height: px,
    backgroundColor: "#ffffff",
    selection: false,
    preserveObjectStacking: true,
    // A swipe on the shirt scrolls the page on a phone (the canvas fills its width); a part is
    // moved by touching it once to choose it, then dragging it (fabric then keeps the touch).
    allowTouchScrolling: true,
  });
  const images = new Map<string, Promise<HTMLImageElement>>();
  const placed = new WeakMap<FabricObject, Placed>();
  const toWide = 500 / px;
  let generation = 0;

  function load(url: string): Promise<HTMLImageElement> {
    let image = images.get(url);
    if (!image) {
      image = new Promise((resolve, reject) => {
        const element = new Image();
        element.crossOrigin = "anonymous";
        element.onload = () => resolve(element);
        element.onerror = () => reject(new Error(`cannot load ${url}`));
        element.src = url;
      });
      images.set(url, image);
      image.catch(() => images.delete(url));
    }
    return image;
  }

  canvas.on("object:modified", ({ target }) => {
    const entry = target ? placed.get(target) : undefined;
    if (!target || !entry || entry.layer.locked) return;
    const round = (value: number) => Math.round(value * 100) / 100;
    onOverride(entry.layer.key, {
      left: round((target.left ?? 0) * toWide),
      top: round((target.top ?? 0) * toWide),
      scaleX: round(((target.scaleX ?? 1) * entry.naturalWidth) / entry.layer.baseWidth),
      scaleY: round(((target.scaleY ?? 1) * entry.naturalHeight) / entry.layer.baseHeight),
    });
  });

  async function render(composition: Composition) {
    const mine = ++generation;
    for (const skipped of composition.skipped)
      console.warn(`Skipped ${skipped.key} (${skipped.sid}): ${skipped.reason}`);
    const loaded = await Promise.all(
      composition.layers.map((layer) =>
        load(layer.url).then(
          (image) => ({ layer, image }),
          (error: unknown) => {
            console.warn(`Skipped ${layer.key} (${layer.sid}): its image did not load`, error);
            return null;
          },
        ),
      ),
    );
    if (mine !== generation) return;
    canvas.remove(...canvas.getObjects());
    for (const entry of loaded) {
      if (!entry) continue;
      const { layer, image } = entry;
      const naturalWidth = image.naturalWidth || image.width;
      const naturalHeight = image.naturalHeight || image.height;
      if (!naturalWidth || !naturalHeight) {
        console.warn(`Skipped ${layer.key} (${layer.sid}): its image has no size`);
        continue;
      }
      const object = new FabricImage(image, {
        left: layer.left,
        top: layer.top,
        originX: "left",
        originY: "top",
        scaleX: layer.width / naturalWidth,
        scaleY: layer.height / naturalHeight,
        flipX: layer.flipped,
        selectable: !layer.locked,
        evented: !layer.locked,
        hasControls: !layer.locked,
        lockMovementX: layer.locked,
        lockMovementY: layer.locked,
        lockRotation: true,
        lockScalingFlip: true,
        borderColor: "#c8962e",
        cornerColor: "#c8962e",
        cornerSize: px < 400 ? 14 : 10,
        transparentCorners: false,
        hoverCursor: layer.locked ? "default" : "move",
      });
      object.setControlsVisibility({ mtr: false });
      placed.set(object, { layer, naturalWidth, naturalHeight });
      canvas.add(object);
    }
    canvas.requestRenderAll();
  }

  return {
    render,
    exportPng() {
      canvas.discardActiveObject();
      canvas.renderAll();
      return canvas.toDataURL({ format: "png", quality: 1, multiplier: 2 });
    },
    dispose() {
      generation += 1;
      void canvas.dispose();
    },
  };
}
