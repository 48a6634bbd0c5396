/** Where the browser finds images of designs and shops. Pure: used by pages and API answers. */

/** Shown when an item or order has no design image (spec: placeholder shirt image). */
export const PLACEHOLDER_SHIRT = "/images/placeholder-shirt.svg";

/** A stored image (upload, canvas export, shop photo), served with cache headers by id. */
export function storedImageUrl(imageId: number): string {
  return `/api/images/${imageId}`;
}

/**
 * A design's picture: its stored image when it has one, otherwise the preview the server
 * draws from its parts.
 */
export function designImageUrl(design: { id: number; imageId: number | null }): string {
  return design.imageId ? storedImageUrl(design.imageId) : `/api/designs/${design.id}/preview.svg`;
}
