/**
 * Shrinks a phone photo in the browser before it is sent (issue 45): at most `maxSide` px on its
 * longest side, as JPEG. A 12 MB camera photo becomes a few hundred KB, so a slip goes through on a
 * slow phone connection in seconds. Loaded on first use by the slip form (slip-form.tsx); without
 * JavaScript the form sends the photo as it is and the server shrinks it.
 *
 * `createImageBitmap` decodes off the main thread and turns the photo upright by its EXIF
 * orientation (`imageOrientation: "from-image"`, the default in today's browsers); a canvas draws it
 * smaller. Returns null when the browser cannot decode the file (not an image, or a format it does
 * not read): the caller then sends the file unchanged and the server judges it.
 */
export async function shrinkPhoto(file: File, maxSide = 1600, quality = 0.85): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await drawJpeg(bitmap, width, height, quality);
    if (!blob) return null;
    const name = `${file.name.replace(/\.[^.]*$/, "") || "slip"}.jpg`;
    return new File([blob], name, { type: "image/jpeg", lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    paint(context, bitmap, width, height);
    return canvas.convertToBlob({ type: "image/jpeg", quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  paint(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

function paint(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  // A transparent PNG screenshot of a slip becomes JPEG on white, as the server stores it.
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
}
