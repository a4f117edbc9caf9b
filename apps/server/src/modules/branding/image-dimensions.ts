/**
 * The pixel size an image declares, for the three raster types white label accepts, read by
 * `image-size` (headers only, no decoding). The type is decided first by the bytes (file-type);
 * an image whose header disagrees with it, or cannot be read, answers undefined and the upload is
 * refused.
 */
import { imageSize } from 'image-size';

export interface ImageDimensions {
  width: number;
  height: number;
}

/** file-type's MIME type -> image-size's name for it. */
const KIND: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

export function imageDimensions(bytes: Buffer, type: string): ImageDimensions | undefined {
  const kind = KIND[type];
  if (!kind) return undefined;
  try {
    // A copy: a Buffer may be a view of a larger pool, and the reader must not see past its end.
    const size = imageSize(Uint8Array.from(bytes));
    if (size.type !== kind || !size.width || !size.height) return undefined;
    return { width: size.width, height: size.height };
  } catch {
    return undefined;
  }
}
