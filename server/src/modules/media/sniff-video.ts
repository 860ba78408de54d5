/**
 * What a video file really is, from its first bytes (docs/product.md §5 types: mp4, webm, quicktime, x-m4v,
 * 3gpp, 3gpp2). A renamed executable or document answers null.
 */
export function sniffVideoType(head: Buffer): string | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (head.length < 12) return null;
  const box = head.subarray(4, 8).toString('latin1');
  if (box === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('3g2')) return 'video/3gpp2';
    if (brand.startsWith('3gp')) return 'video/3gpp';
    if (brand.startsWith('M4V')) return 'video/x-m4v';
    if (/^[\x20-\x7e]{4}$/.test(brand)) return 'video/mp4';
    return null;
  }
  // Older QuickTime files start with a movie atom instead of ftyp.
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return 'video/quicktime';
  return null;
}
