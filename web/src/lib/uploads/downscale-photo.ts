import { PHOTO_MAX_EDGE } from '@contracts/condition-report';
import { imageTypeOf } from '@/lib/uploads/photo-upload';

/** JPEG quality of a downscaled photo: small enough for a weak signal, sharp enough for damage. */
export const PHOTO_JPEG_QUALITY = 0.85;

/** Types the browser can re-encode; anything else (HEIC on most browsers) goes up as-is. */
const REENCODABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

/**
 * The size to draw a photo at so its long edge is at most `maxEdge`, keeping the aspect ratio
 * (each side at least 1 px). `scaled` is false when it already fits.
 */
export function fitWithin(
  width: number,
  height: number,
  maxEdge: number = PHOTO_MAX_EDGE,
): { width: number; height: number; scaled: boolean } {
  const longEdge = Math.max(width, height);
  if (longEdge <= maxEdge) return { width, height, scaled: false };
  const scale = maxEdge / longEdge;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    scaled: true,
  };
}

/** A file name for the re-encoded JPEG: "IMG_0042.HEIC" → "IMG_0042.jpg". */
export function jpegName(name: string): string {
  const base = name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'photo';
  return `${base}.jpg`;
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
}

/**
 * The file to upload: a photo whose long edge is over PHOTO_MAX_EDGE is drawn smaller and
 * re-encoded as JPEG (upright: the EXIF orientation is applied while decoding, and the new file
 * carries no EXIF). A photo that already fits, or one the browser cannot decode (HEIC), goes up
 * unchanged; the server checks, rotates and strips it either way.
 */
export async function downscalePhoto(file: File): Promise<File> {
  const type = imageTypeOf(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    if (!size.scaled && REENCODABLE.has(type)) return file;
    const blob = await encodeJpeg(bitmap, size.width, size.height);
    if (!blob) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}
