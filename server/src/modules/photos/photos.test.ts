import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ConditionReport, computeGrade, MAX_PHOTOS, NO_TIRES } from '@contracts/condition-report';
import { PHOTO_TEXT } from '@contracts/photos';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle, makeVin } from '../../../test/factories';
import { scratchDir } from '../../../test/scratch';
import { signIn, signInAdmin, signInStaff } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/tus-uploads';
import { vehiclePhotos } from '../../db/schema';
import { runHousekeeping } from '../housekeeping/run-housekeeping';

let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let staff: string;
let admin: string;
let dealer: string;
const scratch = scratchDir('photo-fixtures-');

beforeAll(async () => {
  ctx = await createBootstrappedApp();
  staff = await signInStaff(ctx.app);
  admin = await signInAdmin(ctx.app);
  const d = await insertDealer(ctx.db);
  await insertBuyCodeRow(ctx.db, { dealerId: d.id, code: 'PH7T' });
  dealer = await signIn(ctx.app, 'dealer', { dealerName: d.dealerName, buyCode: 'PH7T' });
}, 60_000);
afterAll(() => ctx?.close());

/** A photo-like image: a gradient with a dark block at the top left (so orientation is visible). */
async function scene(width: number, height: number) {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const dark = x < width / 4 && y < height / 4;
      gradient[i] = dark ? 10 : (x * 255) / width;
      gradient[i + 1] = dark ? 10 : (y * 255) / height;
      gradient[i + 2] = dark ? 10 : 160;
    }
  return sharp(gradient, { raw: { width, height, channels: 3 } });
}

/** A camera-like JPEG: EXIF with GPS, camera make and the given orientation (written by exiftool). */
async function cameraJpeg(width: number, height: number, orientation = 1) {
  const file = join(scratch, `camera-${width}x${height}-${orientation}.jpg`);
  writeFileSync(file, await (await scene(width, height)).jpeg().toBuffer());
  execFileSync('exiftool', [
    '-q',
    '-overwrite_original',
    '-n',
    `-Orientation=${orientation}`,
    '-Make=TestCam',
    '-GPSLatitude=43.0731',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=89.4012',
    '-GPSLongitudeRef=W',
    '-XMP:Creator=Lot photographer',
    file,
  ]);
  return readFile(file);
}

const tusHeaders = (cookie: string) => ({ 'tus-resumable': '1.0.0', cookie });
const metadata = (name: string, type: string) =>
  `filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from(type).toString('base64')}`;

/** A real tus 1.0 exchange: create, send in two chunks (asking the offset in between), finish. */
async function upload(bytes: Buffer, name: string, type: string, cookie = staff) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/photo-uploads',
    headers: {
      ...tusHeaders(cookie),
      'upload-length': String(bytes.length),
      'upload-metadata': metadata(name, type),
    },
  });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  expect(location).toMatch(/^\/api\/photo-uploads\/[a-f0-9]{32}$/);
  const half = Math.floor(bytes.length / 2);
  const patch = (offset: number, chunk: Buffer) =>
    ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(cookie),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: chunk,
    });
  expect((await patch(0, bytes.subarray(0, half))).statusCode).toBe(204);
  const head = await ctx.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(cookie) });
  expect(head.headers['upload-offset']).toBe(String(half));
  const finish = await patch(half, bytes.subarray(half));
  const id = location.split('/').pop()!;
  const status = await ctx.app.inject({
    method: 'GET',
    url: `/api/photo-uploads/${id}`,
    headers: { cookie },
  });
  return { finish, id, status: status.json() };
}

async function uploadReady(bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const result = await upload(bytes, name, type);
  // The final PATCH answers with the processed photo: the same as its status, no poll needed.
  expect(result.finish.statusCode, result.finish.body).toBe(200);
  expect(result.finish.json()).toEqual(result.status);
  expect(result.status.status).toBe('ready');
  return result.status.photo as ConditionReport['photos'][number];
}

/** Every file the photo backend stored (variants, originals, the tus files). */
function storedFiles() {
  const { uploadsDir, publicDir, originalsDir } = ctx.app.photos;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  return [uploadsDir, publicDir, originalsDir].flatMap(walk);
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A walkaround video uploaded by tus (a vehicle needs one). */
const uploadedVideoUrl = () => uploadVideo(ctx.app, staff);

describe('photo uploads (tus) and processing', () => {
  it('strips EXIF, GPS and XMP from every stored file and turns a rotated photo upright', async () => {
    const input = await cameraJpeg(600, 400, 6);
    // The fixture really carries what must go.
    const inputTags = JSON.parse(
      execFileSync('exiftool', ['-j', '-n', '-G1', '-'], { input }).toString('utf8'),
    )[0] as Record<string, unknown>;
    expect(Object.keys(inputTags).some((k) => k.includes('GPSLatitude'))).toBe(true);
    expect(inputTags['IFD0:Orientation']).toBe(6);

    const uploaded = await upload(input, 'IMG_0042.JPG', 'image/jpeg');
    expect(uploaded.finish.statusCode).toBe(200);
    expect(uploaded.finish.json()).toEqual(uploaded.status);
    const photo = uploaded.status.photo as ConditionReport['photos'][number];
    // Orientation 6 = rotate 90° clockwise to view: the 600×400 sensor image is 400 wide, 600 high.
    expect([photo.width, photo.height]).toEqual([400, 600]);
    expect(photo.kind).toBe('extra');
    expect(photo.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(photo.srcset.avif).toMatch(/\/320\.avif 320w, .*\/400\.avif 400w$/);
    expect(photo.src).toMatch(/\/400\.jpeg$/);

    const files = storedFiles().filter((f) => statSync(f).size > 0);
    expect(files.length).toBeGreaterThanOrEqual(7); // 2 widths × 3 formats + the original (+ tus files)
    // exiftool exits 1 when a file is no image (the zeroed tus file, its JSON): its JSON still lists all.
    const run = spawnSync('exiftool', ['-j', '-n', '-G1', ...files], { encoding: 'utf8' });
    const tags = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(tags).toHaveLength(files.length);
    // The uploaded bytes themselves are gone: the tus file keeps only its length, all zeros.
    const tusFile = await readFile(join(ctx.app.photos.uploadsDir, uploaded.id));
    expect(tusFile.length).toBe(input.length);
    expect(tusFile.every((byte) => byte === 0)).toBe(true);
    for (const fileTags of tags) {
      // exiftool's own notes (its version, "unknown file type") are not metadata of the file.
      const names = Object.keys(fileTags).filter((k) => !/^(ExifTool|System|File):/.test(k));
      const leaked = names.filter((k) => /GPS|EXIF|IFD0|XMP|IPTC|ICC|Make|Orientation/i.test(k));
      expect(leaked, String(fileTags.SourceFile)).toEqual([]);
    }

    // Upright: the dark block (top left of the sensor) is now at the top right.
    const jpeg = photo.src;
    const served = await ctx.app.inject({ method: 'GET', url: jpeg });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels + 2]!; // blue: 10 in the block, 160 elsewhere
    expect(at(info.width - 20, 20)).toBeLessThan(60);
    expect(at(20, 20)).toBeGreaterThan(60);
    const avif = await ctx.app.inject({ method: 'GET', url: photo.srcset.avif.split(' ')[0]! });
    expect(avif.statusCode).toBe(200);
    expect((await sharp(avif.rawPayload).metadata()).format).toBe('heif');
  });

  it('reads the type from the content: a PNG named .jpg is accepted, a text file named .jpg refused', async () => {
    const png = await (await scene(300, 200)).png().toBuffer();
    const photo = await uploadReady(png, 'car.jpg', 'image/jpeg');
    expect([photo.width, photo.height]).toEqual([300, 200]);

    const text = Buffer.from('GIF89a? no: just a text file pretending to be a photo\n'.repeat(20));
    const refused = await upload(text, 'car.jpg', 'image/jpeg');
    expect(refused.finish.statusCode).toBe(415);
    expect(refused.finish.json()).toEqual({
      message: PHOTO_TEXT.invalidType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(refused.status).toEqual({ status: 'failed', photo: null, message: PHOTO_TEXT.invalidType });

    // A JPEG header followed by garbage is an image we cannot read: 422, never a 500.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 0x41)]);
    const unreadable = await upload(broken, 'broken.jpg', 'image/jpeg');
    expect(unreadable.finish.statusCode).toBe(422);
    expect(unreadable.finish.json()).toEqual({ message: PHOTO_TEXT.unreadable, code: 'UNPROCESSABLE' });
  });

  it('decodes an iPhone-style HEIC (HEVC) upright', async () => {
    const jpegFile = join(scratch, 'heic-source.jpg');
    const heicFile = join(scratch, 'photo.heic');
    writeFileSync(jpegFile, await (await scene(512, 384)).jpeg({ quality: 95 }).toBuffer());
    execFileSync('heif-enc', ['-q', '80', '-o', heicFile, jpegFile], { stdio: 'ignore' });
    const heic = await readFile(heicFile);
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
    const photo = await uploadReady(heic, 'IMG_0001.HEIC', 'image/heic');
    expect([photo.width, photo.height]).toEqual([512, 384]);
    const served = await ctx.app.inject({ method: 'GET', url: photo.src });
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[(20 * info.width + 20) * info.channels + 2]).toBeLessThan(60);
    expect(data[(20 * info.width + info.width - 20) * info.channels + 2]).toBeGreaterThan(60);
  });

  it('refuses uploads from the public and a file over the size limit; a dealer’s photo never goes on a listing', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/photo-uploads',
      headers: { ...tusHeaders(''), 'upload-length': '100' },
    });
    expect(anonymous.statusCode).toBe(401);
    // Dealers upload photos for their guarantee claims (issue #18) …
    const claimPhoto = await upload(await cameraJpeg(320, 240), 'claim.jpg', 'image/jpeg', dealer);
    expect(claimPhoto.status.status).toBe('ready');
    // … which staff and admins cannot put on a vehicle.
    const vehicle = await insertVehicle(ctx.db);
    const attach = await api('POST', `/api/vehicles/${vehicle.id}/photos`, admin, {
      photos: [{ id: claimPhoto.status.photo.id, kind: 'extra' }],
    });
    expect(attach.statusCode).toBe(400);
    expect(attach.json().message).toBe(PHOTO_TEXT.unknownPhoto);
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: '/api/photo-uploads',
      headers: { ...tusHeaders(staff), 'upload-length': String(26 * 1024 * 1024) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect((await api('GET', '/api/photo-uploads/0123456789abcdef0123456789abcdef', staff)).statusCode).toBe(
      404,
    );
  });

  it('answers a retried finish with the same photo: one photo per upload, however often it is finished', async () => {
    const bytes = await cameraJpeg(320, 240);
    const first = await upload(bytes, 'offline.jpg', 'image/jpeg');
    expect(first.finish.statusCode).toBe(200);
    const photo = first.status.photo as ConditionReport['photos'][number];
    // A phone that lost the answer (or synced an upload it had finished before it was killed)
    // finishes again: the last, empty PATCH at the end, twice, and two at once.
    const finishAgain = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/photo-uploads/${first.id}`,
        headers: {
          ...tusHeaders(staff),
          'upload-offset': String(bytes.length),
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.alloc(0),
      });
    const answers = [await finishAgain(), ...(await Promise.all([finishAgain(), finishAgain()]))];
    for (const again of answers) {
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ status: 'ready', photo, message: null });
    }
    const rows = await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.uploadId, first.id));
    expect(rows.map((r) => r.id)).toEqual([photo.id]);
    // Its status still reads ready (no refusal was recorded for the scrubbed bytes).
    const status = await api('GET', `/api/photo-uploads/${first.id}`, staff);
    expect(status.json()).toEqual({ status: 'ready', photo, message: null });
  });

  it('names the sender of a one-request upload, and remembers no made-up upload ids', async () => {
    const bytes = await cameraJpeg(320, 240);
    // creation-with-upload: the whole photo in the creating POST, by a dealer (a claim photo).
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/photo-uploads',
      headers: {
        ...tusHeaders(dealer),
        'upload-length': String(bytes.length),
        // A client cannot choose who it is by naming an uploader in the metadata.
        'upload-metadata': `${metadata('claim.jpg', 'image/jpeg')},uploader ${Buffer.from('staff:').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
    expect(created.statusCode).toBe(201);
    const id = (created.headers.location as string).split('/').pop()!;
    const status = (await api('GET', `/api/photo-uploads/${id}`, dealer)).json();
    // The creating POST that finished the upload answers with the processed photo too.
    expect(created.json()).toEqual(status);
    const [row] = await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.id, status.photo.id));
    expect(row!.uploadedBy).toMatch(/^dealer:\d+$/);
    // PATCHes to ids nobody created are refused and leave nothing behind.
    const before = readdirSync(ctx.app.photos.uploadsDir).length;
    for (let i = 0; i < 20; i++) {
      const made = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/photo-uploads/${i.toString(16).padStart(32, 'a')}`,
        headers: {
          ...tusHeaders(staff),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: Buffer.from('x'),
      });
      expect(made.statusCode).toBe(404);
    }
    expect(readdirSync(ctx.app.photos.uploadsDir).length).toBe(before);
  });
});

describe('photos and the condition report of a vehicle', () => {
  const report = {
    damage: [
      {
        panel: 'hood' as const,
        type: 'dent' as const,
        size: 'large' as const,
        photoId: null as number | null,
        note: 'hail',
      },
    ],
    tires: { lf: 3, rf: 8, lr: 8, rr: 2 },
    warningLights: ['P0420'],
  };

  it('attaches uploaded photos when the vehicle is created, with its report and grade', async () => {
    const front = await uploadReady(await cameraJpeg(640, 480));
    const dent = await uploadReady(await cameraJpeg(320, 240));
    const video = await uploadedVideoUrl();
    const created = await api('POST', '/api/vehicles', staff, {
      vin: makeVin(),
      videos: [video],
      make: 'Ford',
      photos: [
        { id: front.id, kind: 'front' },
        { id: dent.id, kind: 'damage' },
      ],
      conditionReport: { ...report, damage: [{ ...report.damage[0], photoId: dent.id }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const vehicle = created.json();
    expect(vehicle.photos.map((p: { id: number; kind: string }) => [p.id, p.kind])).toEqual([
      [front.id, 'front'],
      [dent.id, 'damage'],
    ]);
    const expected = computeGrade(report);
    expect(vehicle.grade).toBe(expected.grade);
    expect(vehicle.grade).toBe(3.7); // 5 − 0.6 (large dent) − 2 × 0.2 (worn tires) − 0.3 (P0420)
    expect(vehicle.gradeDeductions).toEqual(expected.deductions);
    expect(vehicle.damage[0].photoId).toBe(dent.id);

    // A photo is attached once: reusing it for another vehicle is refused.
    const again = await api('POST', '/api/vehicles', staff, {
      vin: makeVin(),
      videos: [video],
      make: 'Ford',
      photos: [{ id: front.id, kind: 'front' }],
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PHOTO_TEXT.unknownPhoto);
  });

  it('lets an admin add, reorder (cover first), delete photos and edit the report; the public list shows cover and grade', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await uploadReady(await cameraJpeg(200 + i * 10, 150)));
    const added = await api('POST', `/api/vehicles/${vehicle.id}/photos`, admin, {
      photos: photos.map((p) => ({ id: p.id, kind: 'extra' })),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().grade).toBeNull(); // no report yet

    const order = [photos[2]!, photos[0]!, photos[1]!].map((p, i) => ({
      id: p.id,
      kind: i === 0 ? 'front_left' : 'extra',
    }));
    const reordered = await api('PUT', `/api/vehicles/${vehicle.id}/photos`, admin, { photos: order });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().photos.map((p: { id: number }) => p.id)).toEqual(order.map((o) => o.id));
    // Not every photo once: refused.
    const partial = await api('PUT', `/api/vehicles/${vehicle.id}/photos`, admin, { photos: order.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(PHOTO_TEXT.orderMismatch);

    const put = await api('PUT', `/api/vehicles/${vehicle.id}/condition-report`, admin, {
      ...report,
      damage: [{ ...report.damage[0], photoId: photos[1]!.id }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().grade).toBe(computeGrade(report).grade);

    const list = (await api('GET', '/api/vehicles', '')).json() as {
      id: number;
      photos: { id: number }[];
      grade: number;
    }[];
    const card = list.find((v) => v.id === vehicle.id)!;
    expect(card.photos.map((p) => p.id)).toEqual([photos[2]!.id]);
    expect(card.grade).toBe(3.7);
    expect(card).not.toHaveProperty('damage');
    const page = (await api('GET', `/api/vehicles/${vehicle.id}`, '')).json();
    expect(page.photos).toHaveLength(3);
    expect(page.gradeDeductions).toEqual(computeGrade(report).deductions);

    // Deleting the damage photo keeps the damage item without a photo, and removes the files.
    const key = /\/media\/photos\/([a-f0-9]{32})\//.exec(photos[1]!.src)![1]!;
    const deleted = await api('DELETE', `/api/vehicles/${vehicle.id}/photos/${photos[1]!.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().photos.map((p: { id: number }) => p.id)).toEqual([photos[2]!.id, photos[0]!.id]);
    expect(deleted.json().damage[0].photoId).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: photos[1]!.src })).statusCode).toBe(404);
    expect(readdirSync(ctx.app.photos.publicDir)).not.toContain(key);
    expect(
      (await api('DELETE', `/api/vehicles/${vehicle.id}/photos/${photos[1]!.id}`, admin)).statusCode,
    ).toBe(404);

    const audit = (await api('GET', '/api/audit?limit=100', admin)).json().items as {
      action: string;
      entityId: number;
    }[];
    const actions = audit.filter((a) => a.entityId === vehicle.id).map((a) => a.action);
    for (const action of ['photos_added', 'photos_reordered', 'condition_report_updated', 'photo_deleted'])
      expect(actions).toContain(action);
  });

  it('validates the report and keeps staff, dealers and the public out of admin edits', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const bad = await api('PUT', `/api/vehicles/${vehicle.id}/condition-report`, admin, {
      ...report,
      tires: { ...NO_TIRES, lf: 33 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/at most 20\/32/);
    const strange = await api('PUT', `/api/vehicles/${vehicle.id}/condition-report`, admin, {
      ...report,
      damage: [{ panel: 'hood', type: 'dent', size: 'huge' }],
    });
    expect(strange.statusCode).toBe(400);
    const foreign = await api('PUT', `/api/vehicles/${vehicle.id}/condition-report`, admin, {
      ...report,
      damage: [{ ...report.damage[0], photoId: 999_999 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(PHOTO_TEXT.damagePhotoUnknown);
    for (const cookie of ['', dealer, staff]) {
      const res = await api('PUT', `/api/vehicles/${vehicle.id}/condition-report`, cookie, report);
      expect([401, 403]).toContain(res.statusCode);
      const del = await api('DELETE', `/api/vehicles/${vehicle.id}/photos/1`, cookie);
      expect([401, 403]).toContain(del.statusCode);
    }
    // Any signed-in session may ask about an upload (dealers upload claim photos); the public not.
    expect((await api('GET', '/api/photo-uploads/0123456789abcdef0123456789abcdef', '')).statusCode).toBe(
      401,
    );
    expect((await api('GET', '/api/photo-uploads/0123456789abcdef0123456789abcdef', dealer)).statusCode).toBe(
      404,
    );
  });

  it(`refuses the ${MAX_PHOTOS + 1}st photo of a vehicle`, async () => {
    const vehicle = await insertVehicle(ctx.db);
    const tiny = await (await scene(48, 32)).png().toBuffer();
    const ids: number[] = [];
    // Stored through the same pipeline as an upload (the tus exchange is tested above).
    for (let i = 0; i <= MAX_PHOTOS; i++)
      ids.push(
        (await ctx.app.photos.store(tiny, { uploadId: `test:${vehicle.id}:${i}`, uploadedBy: 'staff:' })).id,
      );
    const first = await api('POST', `/api/vehicles/${vehicle.id}/photos`, admin, {
      photos: ids.slice(0, MAX_PHOTOS).map((id) => ({ id, kind: 'extra' })),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().photos).toHaveLength(MAX_PHOTOS);
    const more = await api('POST', `/api/vehicles/${vehicle.id}/photos`, admin, {
      photos: [{ id: ids[MAX_PHOTOS]!, kind: 'extra' }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PHOTO_TEXT.tooMany);
  }, 120_000);
});

describe('housekeeping of photos', () => {
  const DAY_AND_AN_HOUR = 25 * 60 * 60 * 1000;
  /** Back-dates a photo's row and its tus upload (metadata creation date and last write). */
  async function age(uploadId: string) {
    await ctx.db
      .update(vehiclePhotos)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(vehiclePhotos.uploadId, uploadId));
    const file = join(ctx.app.photos.uploadsDir, uploadId);
    const metadata = JSON.parse(await readFile(`${file}.json`, 'utf8'));
    const then = new Date(Date.now() - DAY_AND_AN_HOUR);
    await writeFile(`${file}.json`, JSON.stringify({ ...metadata, creation_date: then.toISOString() }));
    if (existsSync(file)) await utimes(file, then, then);
  }
  const pass = () =>
    runHousekeeping(ctx.database, {
      uploadsDir: ctx.config.uploadsDir,
      photos: {
        uploadsDir: ctx.app.photos.uploadsDir,
        deleteFiles: (key) => ctx.app.photos.deleteFiles(key),
      },
    });

  it('deletes photos never attached after a day, with their files; keeps attached and fresh ones', async () => {
    const abandoned = await upload(await cameraJpeg(320, 240), 'a.jpg', 'image/jpeg');
    const attached = await upload(await cameraJpeg(320, 240), 'b.jpg', 'image/jpeg');
    const fresh = await upload(await cameraJpeg(320, 240), 'c.jpg', 'image/jpeg');
    const refused = await upload(Buffer.from('not a photo\n'.repeat(50)), 'd.jpg', 'image/jpeg');
    expect(refused.status.status).toBe('failed');
    const vehicle = await insertVehicle(ctx.db);
    const added = await api('POST', `/api/vehicles/${vehicle.id}/photos`, admin, {
      photos: [{ id: attached.status.photo.id, kind: 'front' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    for (const old of [abandoned, attached, refused]) await age(old.id);
    const keyOf = async (photoId: number) =>
      (await ctx.db.select().from(vehiclePhotos).where(eq(vehiclePhotos.id, photoId)))[0]?.storageKey;
    const abandonedKey = (await keyOf(abandoned.status.photo.id))!;
    const attachedKey = (await keyOf(attached.status.photo.id))!;

    const deleted = await pass();
    expect(deleted).toMatchObject({ photos: 1, photoUploads: 3 });
    expect(await keyOf(abandoned.status.photo.id)).toBeUndefined();
    expect(existsSync(join(ctx.app.photos.publicDir, abandonedKey))).toBe(false);
    expect(existsSync(join(ctx.app.photos.originalsDir, `${abandonedKey}.jpeg`))).toBe(false);
    // The attached photo is served as before; its old upload's bookkeeping is gone.
    expect(await keyOf(attached.status.photo.id)).toBe(attachedKey);
    expect((await ctx.app.inject({ url: attached.status.photo.src })).statusCode).toBe(200);
    for (const old of [abandoned, attached, refused]) {
      expect(existsSync(join(ctx.app.photos.uploadsDir, `${old.id}.json`))).toBe(false);
      expect(existsSync(join(ctx.app.photos.uploadsDir, `${old.id}.failed`))).toBe(false);
    }
    // The fresh one stays unattached and can still be attached; a second pass deletes nothing.
    expect((await api('GET', `/api/photo-uploads/${fresh.id}`, staff)).json().status).toBe('ready');
    expect(await pass()).toMatchObject({ photos: 0, photoUploads: 0 });
  });
});
