import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../server/test/scratch';

/** One ISO-BMFF box: 32-bit size, 4-letter type, payload. */
function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/**
 * A tiny but structurally real MP4 (ISO-BMFF): `ftyp` with the 'isom' brand, an empty `moov`
 * container, a `free` box and an `mdat` padded to `totalBytes`, so a test can make it span several
 * 5 MB tus chunks. Not a committed binary: generated per run.
 */
export function mp4Bytes(totalBytes: number): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([
      Buffer.from('isom', 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from('isomiso2avc1mp41', 'latin1'),
    ]),
  );
  const moov = box('moov', Buffer.alloc(0));
  const free = box('free', Buffer.alloc(8));
  const mdatPayload = Math.max(0, totalBytes - ftyp.length - moov.length - free.length - 8);
  const payload = Buffer.alloc(mdatPayload);
  // Not all zeros, so nothing along the way can shortcut it as sparse or compressible.
  for (let i = 0; i < payload.length; i += 4096) payload[i] = i & 0xff;
  return Buffer.concat([ftyp, moov, free, box('mdat', payload)]);
}

/** Writes a generated file into a fresh temporary folder and answers its path. */
export function writeTempFile(name: string, content: Buffer | string): string {
  const path = join(scratchDir('upload-fixture-'), name);
  writeFileSync(path, content);
  return path;
}

export const SIX_MB = 6 * 1024 * 1024;
