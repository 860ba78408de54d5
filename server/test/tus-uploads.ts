import type { App } from '../src/app';

const tusHeaders = (cookie: string) => ({ 'tus-resumable': '1.0.0', cookie });
const metadata = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;

/**
 * A real tus 1.0 upload in one PATCH; answers the upload's id. The final PATCH answers 204, or
 * 200 with the processed result for a kind that has one (a photo).
 */
export async function tusUpload(
  app: App,
  path: string,
  bytes: Buffer,
  cookie: string,
  file: [string, string],
) {
  const created = await app.inject({
    method: 'POST',
    url: path,
    headers: {
      ...tusHeaders(cookie),
      'upload-length': String(bytes.length),
      'upload-metadata': metadata(...file),
    },
  });
  if (created.statusCode !== 201)
    throw new Error(`tus create answered ${created.statusCode}: ${created.body}`);
  const location = created.headers.location as string;
  const sent = await app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...tusHeaders(cookie),
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
  if (sent.statusCode !== 204 && sent.statusCode !== 200)
    throw new Error(`tus PATCH answered ${sent.statusCode}: ${sent.body}`);
  return location.split('/').pop()!;
}

/**
 * The smallest MP4 the upload check accepts (its boxes chain to the last byte, ADR 0032): an ftyp
 * box (isom), an empty moov box and an mdat box of 1000 bytes.
 */
export function tinyMp4() {
  const ftyp = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  const moov = Buffer.from([0, 0, 0, 8, ...Buffer.from('moov')]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(1008, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mdat, Buffer.alloc(1000, 7)]);
}

/** A video uploaded by tus as `cookie`; answers its public URL (GET /api/upload-results/:id). */
export async function uploadVideo(app: App, cookie: string) {
  const id = await tusUpload(app, '/api/uploads', tinyMp4(), cookie, ['w.mp4', 'video/mp4']);
  const result = await app.inject({ method: 'GET', url: `/api/upload-results/${id}`, headers: { cookie } });
  return result.json().url as string;
}

/** A photo uploaded by tus as `cookie`; answers its id once processed (GET /api/photo-uploads/:id). */
export async function uploadPhoto(app: App, cookie: string, jpeg: Buffer) {
  const id = await tusUpload(app, '/api/photo-uploads', jpeg, cookie, ['p.jpg', 'image/jpeg']);
  const status = await app.inject({ method: 'GET', url: `/api/photo-uploads/${id}`, headers: { cookie } });
  return status.json().photo.id as number;
}
