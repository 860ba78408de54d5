/** The image types a photo may be, read from the content (never the name or the declared type). */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic' | 'image/avif';

/** HEIF brands (ISO/IEC 23008-12): HEVC-coded stills and sequences, and the generic image brands. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The type of an image from its first bytes (at least 32), or null when it is none we accept. */
export function sniffImageType(head: Buffer): ImageMime | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const boxSize = Math.min(head.readUInt32BE(0), head.length);
    const major = head.toString('latin1', 8, 12);
    const compatible: string[] = [];
    for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(head.toString('latin1', at, at + 4));
    if (AVIF_BRANDS.has(major)) return 'image/avif';
    if (HEIC_BRANDS.has(major)) return 'image/heic';
    if (compatible.some((b) => AVIF_BRANDS.has(b))) return 'image/avif';
    if (compatible.some((b) => HEIC_BRANDS.has(b))) return 'image/heic';
  }
  return null;
}
