import { formatCount } from '@contracts/number-format';
/**
 * A video's container checked over the whole file before it is kept (issue #43, ADR 0032): the
 * first bytes say what a file claims to be (sniff-video.ts); this walks its structure to the last
 * byte, reading only the headers of its parts (positioned reads, never the whole file), so a real
 * header followed by megabytes of zeros or junk, a file cut short or one padded at the end is
 * refused. It does not decode the media: a well-formed file of nonsense frames passes.
 *
 * - ISO-BMFF (mp4, mov, m4v, 3gp, 3g2): the top-level boxes chain exactly from byte 0 to the end of
 *   the file (32-bit sizes, 64-bit `largesize`, size 0 = "to the end of the file"), each named by 4
 *   printable characters; an `ftyp` first (or one of QuickTime's older first atoms); one `moov`;
 *   at least one `mdat`.
 * - WebM / Matroska: the EBML header names the DocType `webm` or `matroska`; a Segment follows
 *   (its size known or left open); its top-level elements chain to its end, a Cluster of open size
 *   being walked through its children up to the next top-level element; Info, Tracks and a Cluster
 *   are present; nothing but Void elements follows the Segment.
 */

/** `length` bytes from `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** More parts than any real video has: a file of tiny boxes would otherwise cost a read each. */
const MAX_TOP_LEVEL_BOXES = 100_000;
const MAX_ELEMENTS = 1_000_000;
/** Window sizes of the reader: headers are read from a window; reading on doubles it up to the maximum. */
const MIN_WINDOW = 64 * 1024;
const MAX_WINDOW = 4 * 1024 * 1024;

const at = (position: number) => `byte ${formatCount(position)}`;

/**
 * Reads a stored object through windows of 64 KB to 4 MB: a header inside the window costs no
 * read, a walk that reads on (a WebM cluster's blocks) doubles the window, a jump (over an `mdat`)
 * starts a small one there. `fetch(start, end)` answers bytes start..end inclusive.
 */
export function windowedReader(fetch: (start: number, end: number) => Promise<Buffer>, size: number): ReadAt {
  let windowStart = 0;
  let window: Buffer = Buffer.alloc(0);
  let windowSize = MIN_WINDOW;
  return async (position, length) => {
    const end = Math.min(position + length, size);
    if (position >= end) return Buffer.alloc(0);
    const windowEnd = windowStart + window.length;
    if (position >= windowStart && end <= windowEnd)
      return window.subarray(position - windowStart, end - windowStart);
    const readingOn = window.length > 0 && position >= windowStart && position < windowEnd + windowSize;
    windowSize = readingOn ? Math.min(windowSize * 2, MAX_WINDOW) : MIN_WINDOW;
    const fetchEnd = Math.min(size, position + Math.max(windowSize, end - position));
    window = await fetch(position, fetchEnd - 1);
    windowStart = position;
    if (window.length < end - position) throw new Error(`the stored file is shorter than ${size} bytes`);
    return window.subarray(0, end - position);
  };
}

/**
 * What is wrong with the container of a file of `size` bytes sniffed as `type`, in plain words
 * (completing "the file …"), or null when its structure holds to the last byte.
 */
export function checkVideoContainer(type: string, size: number, read: ReadAt): Promise<string | null> {
  return type === 'video/webm' ? checkMatroska(size, read) : checkIsoBmff(size, read);
}

/** QuickTime files from before `ftyp` start with one of these atoms (as sniff-video.ts accepts). */
const LEGACY_FIRST_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const BOX_TYPE = /^[\x20-\x7e]{4}$/;

async function checkIsoBmff(size: number, read: ReadAt): Promise<string | null> {
  let position = 0;
  let boxes = 0;
  let movieHeaders = 0;
  let mediaData = 0;
  while (position < size) {
    if (++boxes > MAX_TOP_LEVEL_BOXES)
      return `has more than ${formatCount(MAX_TOP_LEVEL_BOXES)} top-level parts, more than any video has`;
    const left = size - position;
    if (left < 8)
      return `ends with ${left} stray byte${left === 1 ? '' : 's'} after its last part (at ${at(position)})`;
    const header = await read(position, 16);
    const type = header.toString('latin1', 4, 8);
    if (!BOX_TYPE.test(type))
      return `has data at ${at(position)} that is not part of any MP4 box (zeros or junk where the next part should start)`;
    let boxSize = header.readUInt32BE(0);
    let headerSize = 8;
    if (boxSize === 1) {
      if (header.length < 16) return `ends inside the header of its "${type}" box at ${at(position)}`;
      const large = header.readBigUInt64BE(8);
      boxSize = large > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(large);
      headerSize = 16;
    } else if (boxSize === 0) {
      boxSize = left;
    }
    if (boxSize < headerSize)
      return `has a "${type}" box at ${at(position)} with an impossible size (${boxSize} bytes)`;
    if (boxSize > left)
      return `has a "${type}" box at ${at(position)} that runs ${formatCount(boxSize - left)} bytes past the end of the file (it was cut short)`;
    if (position === 0 && type !== 'ftyp' && !LEGACY_FIRST_ATOMS.has(type))
      return `does not start with a file-type ("ftyp") box`;
    if (type === 'ftyp') {
      if (position !== 0) return `has a second file-type ("ftyp") box at ${at(position)}`;
      if (boxSize < headerSize + 8 || (boxSize - headerSize - 8) % 4 !== 0)
        return 'has a malformed file-type ("ftyp") box';
    }
    if (type === 'moov') movieHeaders++;
    if (type === 'mdat') mediaData++;
    position += boxSize;
  }
  if (movieHeaders === 0) return 'has no movie header ("moov" box): the recording was never finished';
  if (movieHeaders > 1) return 'has more than one movie header ("moov" box)';
  if (mediaData === 0) return 'holds no media data ("mdat" box)';
  return null;
}

// Matroska element IDs (RFC 9559), with their length marker bits, as they are written.
const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const VOID = 0xec;
/** The Segment's own children: one of them ends a Cluster whose size was left open. */
const TOP_LEVEL = new Set([
  0x114d9b74, // SeekHead
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1043a770, // Chapters
  0x1254c367, // Tags
  0x1941a469, // Attachments
]);
const MAX_EBML_HEADER = 4096;

/** An EBML variable-size integer's length from its first byte: 1 to 8, 0 when invalid (a zero byte). */
const vintLength = (first: number) => (first === 0 ? 0 : Math.clz32(first) - 23);

interface Element {
  id: number;
  /** Where its data starts. */
  data: number;
  /** Its data's size; null when left open ("unknown size"). */
  size: number | null;
}

/** An element's header in `bytes` at `offset`, or null when these bytes are not one. */
function elementAt(bytes: Buffer, offset: number, position: number): Element | null {
  const idLength = vintLength(bytes[offset] ?? 0);
  if (idLength < 1 || idLength > 4 || offset + idLength > bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + bytes[offset + i]!;
  const sizeAt = offset + idLength;
  const sizeLength = vintLength(bytes[sizeAt] ?? 0);
  if (sizeLength < 1 || sizeAt + sizeLength > bytes.length) return null;
  const mask = 0xff >> sizeLength;
  let size = bytes[sizeAt]! & mask;
  let open = size === mask;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[sizeAt + i]!;
    size = size * 256 + byte;
    open &&= byte === 0xff;
  }
  return { id, data: position + idLength + sizeLength, size: open ? null : size };
}

async function checkMatroska(size: number, read: ReadAt): Promise<string | null> {
  const elementAtPosition = async (position: number) => elementAt(await read(position, 12), 0, position);
  const notAnElement = (position: number) =>
    `has data at ${at(position)} that is not a WebM element (zeros or junk where the next part should start)`;

  const header = await elementAtPosition(0);
  if (
    header?.id !== EBML ||
    header.size === null ||
    header.size > MAX_EBML_HEADER ||
    header.data + header.size > size
  )
    return 'does not start with a complete WebM (EBML) header';
  const headerBytes = await read(header.data, header.size);
  let docType: string | null = null;
  for (let offset = 0; offset < headerBytes.length; ) {
    const child = elementAt(headerBytes, offset, header.data + offset);
    const dataOffset = child ? child.data - header.data : 0;
    if (!child || child.size === null || dataOffset + child.size > headerBytes.length)
      return 'has a malformed WebM (EBML) header';
    if (child.id === DOC_TYPE)
      docType = headerBytes.toString('latin1', dataOffset, dataOffset + child.size).replace(/\0+$/, '');
    offset = dataOffset + child.size;
  }
  if (docType !== 'webm' && docType !== 'matroska')
    return docType === null
      ? 'names no document type in its header'
      : `is a "${docType}" document, not a WebM video`;

  // Void elements may stand between the header and the Segment.
  let position = header.data + header.size;
  let segment: Element | null = null;
  while (!segment) {
    const element = await elementAtPosition(position);
    if (element?.id === VOID && element.size !== null && element.data + element.size <= size) {
      position = element.data + element.size;
      continue;
    }
    if (element?.id !== SEGMENT) return `has no Segment after its header (at ${at(position)})`;
    segment = element;
  }
  const segmentEnd = segment.size === null ? size : segment.data + segment.size;
  if (segmentEnd > size)
    return `has a Segment that runs ${formatCount(segmentEnd - size)} bytes past the end of the file (it was cut short)`;

  const seen = new Set<number>();
  let elements = 0;
  /** Inside a Cluster of open size: its children until the next top-level element. */
  let inOpenCluster = false;
  position = segment.data;
  while (position < segmentEnd) {
    if (++elements > MAX_ELEMENTS)
      return `has more than ${formatCount(MAX_ELEMENTS)} parts, more than any video has`;
    const element = await elementAtPosition(position);
    if (!element || element.data > segmentEnd) return notAnElement(position);
    if (element.id === EBML || element.id === SEGMENT)
      return `starts another WebM document at ${at(position)}`;
    const child = inOpenCluster && !TOP_LEVEL.has(element.id);
    if (!child) {
      inOpenCluster = false;
      seen.add(element.id);
    }
    if (element.size === null) {
      if (child || element.id !== CLUSTER)
        return `has an element of open size at ${at(position)} where only a Cluster may leave its size open`;
      inOpenCluster = true;
      position = element.data;
      continue;
    }
    const end = element.data + element.size;
    if (end > segmentEnd)
      return `has an element at ${at(position)} that runs ${formatCount(end - segmentEnd)} bytes past the end of its Segment (it was cut short)`;
    position = end;
  }
  // After a Segment of known size: nothing but Void elements.
  for (position = segmentEnd; position < size; ) {
    const element = await elementAtPosition(position);
    if (element?.id !== VOID || element.size === null || element.data + element.size > size)
      return `has data after the end of its Segment (at ${at(position)})`;
    position = element.data + element.size;
  }
  if (!seen.has(INFO)) return 'has no segment information (Info)';
  if (!seen.has(TRACKS)) return 'has no Tracks';
  if (!seen.has(CLUSTER)) return 'holds no media data (no Cluster)';
  return null;
}
