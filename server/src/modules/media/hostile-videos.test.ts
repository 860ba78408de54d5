import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertMember, MEMBER_PASSWORD } from '../../../test/factories';
import { signIn, signInMember, signInStaff } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';
import { tinyMp4 } from '../../../test/tus-uploads';

/** Videos and uploads that try to slip past the checks (issue #10; quotas and containers, issue #43). */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let staff: string;

const MB = 1024 * 1024;
/** Caps low enough to reach in a test (UPLOAD_*): 40 open uploads a dealer session, as the review opened 41. */
const CAPS = {
  UPLOAD_MAX_OPEN_DEALER_SESSION: '40',
  UPLOAD_MAX_MB_DEALER_SESSION: '250',
  UPLOAD_MAX_OPEN_DEALERSHIP: '45',
  UPLOAD_MAX_MB_DEALERSHIP: '300',
  UPLOAD_MAX_OPEN_STAFF_SESSION: '12',
};

beforeAll(async () => {
  ctx = await createBootstrappedApp({ env: CAPS });
  staff = await signInStaff(ctx.app);
});
afterAll(() => ctx.close());

const tus = (
  method: 'POST' | 'PATCH' | 'HEAD',
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
  cookie = staff,
) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', cookie, ...headers },
    ...(payload ? { payload } : {}),
  });
const open = (cookie: string, length: number, path = '/api/uploads') =>
  tus('POST', path, { 'upload-length': String(length) }, undefined, cookie);
const send = (location: string, bytes: Buffer, cookie = staff) =>
  tus(
    'PATCH',
    location,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    bytes,
    cookie,
  );

let serial = 0;
/** A dealership without a team, signed in with its name and a buy code (the spec's sign-in). */
async function dealerSession(dealerId?: number) {
  const id = dealerId ?? (await insertDealer(ctx.db)).id;
  const code = `Q${'23456789ABCDEFGH'[serial % 16]}${'JKLMNPQRSTUVWXYZ'[Math.floor(serial / 16) % 16]}${'23456789'[serial++ % 8]}`;
  await insertBuyCodeRow(ctx.db, { dealerId: id, code });
  const dealer = await ctx.db.query.dealers.findFirst({ where: (d, { eq }) => eq(d.id, id) });
  return {
    dealerId: id,
    cookie: await signIn(ctx.app, 'dealer', { dealerName: dealer!.dealerName, buyCode: code }),
  };
}

describe('hostile videos', () => {
  it('refuses a zero-byte video and a polyglot whose magic bytes are not a video', async () => {
    const empty = await tus('POST', '/api/uploads', { 'upload-length': '0' });
    // An empty upload finishes at once and is refused by its (missing) content.
    expect([400, 415]).toContain(empty.statusCode);
    const fake = Buffer.concat([Buffer.from('%PDF-1.4 ftypisom'), Buffer.alloc(100)]);
    const created = await tus('POST', '/api/uploads', { 'upload-length': String(fake.length) });
    const res = await send(created.headers.location as string, fake);
    expect(res.statusCode).toBe(415);
  });

  it('refuses one byte over the 200 MB limit before any byte is stored', async () => {
    const res = await tus('POST', '/api/uploads', { 'upload-length': String(200 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    const limit = await tus('POST', '/api/uploads', { 'upload-length': String(200 * 1024 * 1024 - 1) });
    expect(limit.statusCode).toBe(201);
  });

  it('refuses a video header followed by 20 MB of zeros, and keeps nothing of it', async () => {
    const demo = readFileSync(join(import.meta.dirname, '../../../demo-media/walkaround.webm'));
    for (const [header, name] of [
      [tinyMp4().subarray(0, 32), 'mp4'],
      [demo.subarray(0, 64), 'webm'],
    ] as const) {
      const padded = Buffer.concat([header, Buffer.alloc(20 * MB)]);
      const created = await open(staff, padded.length);
      expect(created.statusCode).toBe(201);
      const location = created.headers.location as string;
      const id = location.split('/').pop()!;
      const res = await send(location, padded);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().message, name).toMatch(
        /^This video file is damaged or incomplete and was not kept: the file has data at byte [\d,]+ that is not (part of any MP4 box|a WebM element)/,
      );
      expect(existsSync(join(ctx.config.uploadsDir, id)), name).toBe(false);
      const result = await ctx.app.inject({ url: `/api/upload-results/${id}`, headers: { cookie: staff } });
      expect(result.statusCode, name).toBe(404);
    }
  });

  it('accepts real videos: the demo walkaround (WebM, as ffmpeg wrote it) and an MP4', async () => {
    const demo = readFileSync(join(import.meta.dirname, '../../../demo-media/walkaround.webm'));
    for (const [bytes, extension] of [
      [demo, 'webm'],
      [tinyMp4(), 'mp4'],
    ] as const) {
      const created = await open(staff, bytes.length);
      const location = created.headers.location as string;
      expect((await send(location, bytes)).statusCode).toBe(204);
      const id = location.split('/').pop()!;
      const result = await ctx.app.inject({ url: `/api/upload-results/${id}`, headers: { cookie: staff } });
      expect(result.json()).toMatchObject({ url: `/media/uploads/${id}.${extension}` });
    }
  });
});

describe('who may open uploads, and how many (issue #43)', () => {
  it('refuses a viewer with a 403 on both upload endpoints; a buyer and a dealership without a team may', async () => {
    const dealer = await insertDealer(ctx.db);
    const viewer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'viewer' });
    const buyer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'buyer' });
    const viewerCookie = await signInMember(ctx.app, viewer.email, MEMBER_PASSWORD);
    for (const path of ['/api/uploads', '/api/photo-uploads']) {
      const refused = await open(viewerCookie, 1000, path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().message).toBe(
        'Your role (viewer) cannot upload photos or videos: claims and deliveries are for buyers and owners.',
      );
    }
    const buyerCookie = await signInMember(ctx.app, buyer.email, MEMBER_PASSWORD);
    expect((await open(buyerCookie, 1000)).statusCode).toBe(201);
    expect((await open((await dealerSession()).cookie, 1000, '/api/photo-uploads')).statusCode).toBe(201);
  });

  it('refuses the 41st open upload of a dealer session (429 with the cap), then the dealership’s 46th', async () => {
    const first = await dealerSession();
    const answers = [];
    for (let i = 0; i < 41; i++) answers.push(await open(first.cookie, i === 0 ? tinyMp4().length : 1000));
    expect(answers.slice(0, 40).map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    expect(answers[40]!.statusCode).toBe(429);
    expect(answers[40]!.json().message).toBe(
      'Too many uploads at once: this session has 40 unfinished uploads, the most allowed is 40. Let them finish first; an unfinished upload that receives nothing for 60 minutes expires.',
    );
    // Photos count too.
    expect((await open(first.cookie, 1000, '/api/photo-uploads')).statusCode).toBe(429);
    // A finished upload no longer counts: its place is free.
    expect((await send(answers[0]!.headers.location as string, tinyMp4(), first.cookie)).statusCode).toBe(
      204,
    );
    expect((await open(first.cookie, 1000)).statusCode).toBe(201);

    // Another session of the same dealership: the dealership holds 40 of its 45.
    const second = await dealerSession(first.dealerId);
    for (let i = 0; i < 5; i++) expect((await open(second.cookie, 1000)).statusCode).toBe(201);
    const over = await open(second.cookie, 1000);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(
      /^Too many uploads at once: your dealership has 45 unfinished uploads, the most allowed is 45\./,
    );
    // Another dealership is not held by this one's.
    expect((await open((await dealerSession()).cookie, 1000)).statusCode).toBe(201);
  });

  it('refuses a staff session’s 13th open upload with its own cap', async () => {
    const lot = await signInStaff(ctx.app);
    for (let i = 0; i < 12; i++) expect((await open(lot, 1000, '/api/photo-uploads')).statusCode).toBe(201);
    const over = await open(lot, 1000);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/this session has 12 unfinished uploads, the most allowed is 12/);
  });

  it('refuses bytes over the session’s cap (413) before any is sent, counting every unfinished upload', async () => {
    const { cookie } = await dealerSession();
    expect((await open(cookie, 200 * MB - 1)).statusCode).toBe(201);
    const over = await open(cookie, 60 * MB);
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(
      "Too much to upload at once: with this file (60 MB), this session's unfinished uploads would come to 260 MB, over the 250 MB allowed. Let the others finish first.",
    );
    expect((await open(cookie, 40 * MB)).statusCode).toBe(201);
    // A length declared later counts as the largest video.
    const deferred = await tus('POST', '/api/uploads', { 'upload-defer-length': '1' }, undefined, cookie);
    expect(deferred.statusCode).toBe(413);
  });
});
