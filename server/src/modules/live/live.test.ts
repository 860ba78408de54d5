import { asc, gt, lte, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type EventStreamReader, openEventStream, type SseMessage } from '../../../test/event-stream';
import { insertVehicle } from '../../../test/factories';
import { boughtNow, dealerWithCode, madeOffer } from '../../../test/helpers';
import { signIn, signInAdmin } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';
import { withApp } from '../../../test/with-app';
import { liveEvents } from '../../db/schema';
import { findLiveSince } from './find-live-events';
import { MAX_STREAMS_PER_DEALERSHIP, MAX_STREAMS_PER_SESSION } from './live-hub';

/**
 * GET /api/events against a real listening server, read with fetch as a browser's EventSource
 * would. Changes are made through the API (and the database), so the database triggers and the
 * instance's LISTEN deliver them. The notification sender is slowed down so that nothing but the
 * test writes to the watched tables.
 */
const open: EventStreamReader[] = [];

const ctx = withApp({
  env: { LIVE_HEARTBEAT_MS: '300', NOTIFICATION_INTERVAL_MS: '3600000', SIGN_IN_RATE_LIMIT: '100000' },
  listen: true,
  signIn: ['admin', 'staff'],
});
afterAll(() => {
  for (const stream of open) stream.close();
});

async function stream(cookie: string, headers: Record<string, string> = {}, query = '') {
  const reader = await openEventStream(`${ctx.base}/api/events${query}`, { cookie, ...headers });
  open.push(reader);
  return reader;
}

/** A dealer with a buy code, signed in. */
async function newDealer() {
  const { dealer, code } = await dealerWithCode(ctx.db);
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  return { ...dealer, code, cookie };
}

/** All event rows after `afterId`, oldest first, as the table has them. */
const rowsAfter = (afterId: number) =>
  ctx.db
    .select({ id: liveEvents.id, topic: liveEvents.topic, dealerId: liveEvents.dealerId })
    .from(liveEvents)
    .where(gt(liveEvents.id, afterId))
    .orderBy(asc(liveEvents.id));

const latestId = async () => {
  const [row] = await ctx.db.select({ id: sql<string | null>`max(${liveEvents.id})` }).from(liveEvents);
  return row?.id == null ? 0 : Number(row.id);
};

/** A change every stream may see (a new vehicle), and its event id: read a stream up to it. */
async function marker() {
  await insertVehicle(ctx.db);
  return latestId();
}

/** The `change` events a stream received up to and including event `untilId`. */
async function changesUntil(reader: EventStreamReader, untilId: number) {
  const got: SseMessage[] = [];
  for (;;) {
    const message = await reader.next();
    if (message.event === 'change') got.push(message);
    if (Number(message.id) === untilId) return got;
  }
}
const asRows = (messages: SseMessage[]) =>
  messages.map((m) => ({ id: Number(m.id), topic: (JSON.parse(m.data) as { topic: string }).topic }));

describe('GET /api/events', () => {
  it('refuses anonymous callers and ended sessions with 401, like every session route', async () => {
    const anonymous = await stream('');
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.error!)).toMatchObject({ message: 'Please sign in' });
    const gone = await newDealer();
    await ctx.app.inject({ method: 'POST', url: '/api/dealer/logout', headers: { cookie: gone.cookie } });
    expect((await stream(gone.cookie)).status).toBe(401);
  });

  it('streams an offer a dealer makes to an admin at once, uncompressed, unbuffered and uncached', async () => {
    const before = await latestId();
    const reader = await stream(ctx.admin, { 'accept-encoding': 'gzip, deflate, br' });
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('cache-control')).toBe('no-store');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.headers.get('content-encoding')).toBeNull();
    // Still an ordinary API answer: the request id and the API's strict CSP.
    expect(reader.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(reader.headers.get('content-security-policy')).toContain("default-src 'none'");
    const ready = await reader.next();
    expect(ready.event).toBe('ready');
    if (before > 0) expect(ready.id).toBe(String(before));

    const dealer = await newDealer();
    const vehicle = await insertVehicle(ctx.db);
    const sinceVehicle = await latestId();
    const started = Date.now();
    await madeOffer(ctx.app, vehicle.id, dealer.code);
    const answered = Date.now();
    const change = await reader.next((m) => m.event === 'change' && m.data === '{"topic":"offers"}');
    console.log(
      `offer request ${answered - started} ms, then on the admin's stream after ${Date.now() - answered} ms`,
    );
    const [row] = (await rowsAfter(sinceVehicle)).filter((r) => r.topic === 'offers');
    expect(row).toMatchObject({ id: Number(change.id), dealerId: dealer.id });
  });

  it("gives a dealer its own offers, sales and codes and every vehicle change, never another dealer's; staff only vehicles", async () => {
    const [a, b] = [await newDealer(), await newDealer()];
    const [aStream, bStream, staffStream, adminStream] = [
      await stream(a.cookie),
      await stream(b.cookie),
      await stream(ctx.staff),
      await stream(ctx.admin),
    ];
    const starts = await Promise.all([aStream, bStream, staffStream, adminStream].map((s) => s.next()));
    expect(starts.map((m) => m.event)).toEqual(['ready', 'ready', 'ready', 'ready']);
    const from = await latestId();

    const [v1, v2, v3] = [
      await insertVehicle(ctx.db),
      await insertVehicle(ctx.db),
      await insertVehicle(ctx.db),
    ];
    await madeOffer(ctx.app, v1.id, b.code);
    await boughtNow(ctx.app, b.code, v2.id);
    await madeOffer(ctx.app, v3.id, a.code);
    const last = await marker();

    const rows = await rowsAfter(from);
    const expected = {
      a: rows.filter((r) => r.topic === 'vehicles' || r.dealerId === a.id),
      b: rows.filter((r) => r.topic === 'vehicles' || r.dealerId === b.id),
      staff: rows.filter((r) => r.topic === 'vehicles'),
      admin: rows,
    };
    const strip = (list: typeof rows) => list.map(({ id, topic }) => ({ id, topic }));
    const got = {
      a: asRows(await changesUntil(aStream, last)),
      b: asRows(await changesUntil(bStream, last)),
      staff: asRows(await changesUntil(staffStream, last)),
      admin: asRows(await changesUntil(adminStream, last)),
    };
    expect(got.a).toEqual(strip(expected.a));
    expect(got.b).toEqual(strip(expected.b));
    expect(got.staff).toEqual(strip(expected.staff));
    expect(got.admin).toEqual(strip(expected.admin));
    // What that means, spelled out: B's offer and sale reach B and the admin, not A.
    const topics = (list: { topic: string }[]) => new Set(list.map((r) => r.topic));
    expect(topics(got.b)).toEqual(new Set(['vehicles', 'offers', 'transactions', 'buy_codes']));
    expect(got.a.filter((r) => r.topic === 'offers')).toHaveLength(1);
    expect(topics(got.a)).not.toContain('transactions');
    expect(topics(got.staff)).toEqual(new Set(['vehicles']));
    expect(topics(got.admin)).toContain('notifications');
  });

  it('resumes after Last-Event-ID with exactly the missed events the session may see', async () => {
    const dealer = await newDealer();
    const vehicle = await insertVehicle(ctx.db);
    const first = await stream(ctx.admin);
    await first.next((m) => m.event === 'ready');
    const offerId = await madeOffer(ctx.app, vehicle.id, dealer.code);
    const seen = await first.next((m) => m.event === 'change' && m.data === '{"topic":"offers"}');
    first.close();
    await first.ended;

    // Missed while away: a counter, another dealer's offer, a new car.
    const counter = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/offers/${offerId}`,
      headers: { cookie: ctx.admin },
      payload: { status: 'countered', counterAmount: '16000' },
    });
    expect(counter.statusCode, counter.body).toBe(200);
    const other = await newDealer();
    await madeOffer(ctx.app, (await insertVehicle(ctx.db)).id, other.code);
    const missed = await rowsAfter(Number(seen.id));
    expect(missed.length).toBeGreaterThan(3);

    const resumed = await stream(ctx.admin, { 'last-event-id': seen.id! });
    const last = await marker();
    const replayed = await changesUntil(resumed, last);
    expect(resumed.messages.map((m) => m.event)).not.toContain('ready');
    expect(asRows(replayed)).toEqual([
      ...missed.map(({ id, topic }) => ({ id, topic })),
      { id: last, topic: 'vehicles' },
    ]);

    // The dealer's own view of the same stretch, resumed through ?lastEventId= (no header).
    const dealerResumed = await stream(dealer.cookie, {}, `?lastEventId=${seen.id}`);
    const dealerLast = await marker();
    const dealerRows = (await rowsAfter(Number(seen.id))).filter(
      (r) => r.topic === 'vehicles' || r.dealerId === dealer.id,
    );
    expect(asRows(await changesUntil(dealerResumed, dealerLast))).toEqual(
      dealerRows.map(({ id, topic }) => ({ id, topic })),
    );
    expect(dealerRows.some((r) => r.topic === 'offers')).toBe(true);
  });

  it('says reset for an id no longer kept, unknown or malformed, with the id to resume from next', async () => {
    await marker();
    const old = await marker();
    await marker();
    // What housekeeping does to old rows.
    await ctx.db.delete(liveEvents).where(lte(liveEvents.id, old));
    for (const id of [String(old), '999999999999', 'abc', '-1']) {
      const reader = await stream(ctx.admin, { 'last-event-id': id });
      const reset = await reader.next();
      expect(reset, id).toMatchObject({ event: 'reset', id: String(await latestId()) });
      reader.close();
    }
    const tooOld = await stream(ctx.admin, {}, `?lastEventId=${old}`);
    const reset = await tooOld.next();
    expect(reset.event).toBe('reset');
    // From the reset's id the stream resumes normally.
    const next = await marker();
    const resumed = await stream(ctx.admin, { 'last-event-id': reset.id! });
    expect(asRows(await changesUntil(resumed, next))).toEqual([{ id: next, topic: 'vehicles' }]);
    expect(resumed.messages[0]!.event).toBe('change');
  });

  it("starts a page's first stream where its HTML says: what changed since is replayed, nothing before (ADR 0008)", async () => {
    const dealer = await newDealer();
    const vehicle = await insertVehicle(ctx.db);
    const before = await marker();
    // As the page's HTML is made; the page's reads come after it, and a change after them.
    const since = (await findLiveSince(ctx.db))!;
    expect(since.startsWith(`${before}.`)).toBe(true);
    await madeOffer(ctx.app, vehicle.id, dealer.code);
    const missed = await rowsAfter(before);
    expect(missed.map((r) => r.topic)).toContain('offers');

    const first = await stream(ctx.admin, {}, `?since=${encodeURIComponent(since)}`);
    const last = await marker();
    expect(asRows(await changesUntil(first, last))).toEqual([
      ...missed.map(({ id, topic }) => ({ id, topic })),
      { id: last, topic: 'vehicles' },
    ]);
    expect(first.messages.map((m) => m.event)).not.toContain('ready');
    // The dealer's stream from the same point: its own offer and the cars, no one else's.
    const own = await stream(dealer.cookie, {}, `?since=${encodeURIComponent(since)}`);
    const ownLast = await marker();
    const ownRows = (await rowsAfter(before)).filter(
      (r) => r.topic === 'vehicles' || r.dealerId === dealer.id,
    );
    expect(asRows(await changesUntil(own, ownLast))).toEqual(ownRows.map(({ id, topic }) => ({ id, topic })));
    // A Last-Event-ID (the browser's reconnect) wins over it.
    const reconnect = await stream(
      ctx.admin,
      { 'last-event-id': String(ownLast) },
      `?since=${encodeURIComponent(since)}`,
    );
    const after = await marker();
    expect(asRows(await changesUntil(reconnect, after))).toEqual([{ id: after, topic: 'vehicles' }]);

    // Not a point it can start from: reset (the page reads everything again), never an error.
    const [xmin] = since.split('.')[1]!.split(':');
    const unusable = [
      'abc',
      `${before}.5:3:`,
      `${before}.${xmin}:${xmin}:1`,
      '0.1:2:',
      `${before}.1:2:3`,
      '999999999.1:2:',
    ];
    for (const bad of unusable) {
      const reader = await stream(ctx.admin, {}, `?since=${encodeURIComponent(bad)}`);
      expect(reader.status, bad).toBe(200);
      expect((await reader.next()).event, bad).toBe('reset');
      reader.close();
    }
    // Its newest event no longer kept (housekeeping): older ones may be gone too, so reset.
    await ctx.db.delete(liveEvents).where(lte(liveEvents.id, before));
    const gone = await stream(ctx.admin, {}, `?since=${encodeURIComponent(since)}`);
    expect((await gone.next()).event).toBe('reset');
    const tooLong = await ctx.app.inject({
      url: `/api/events?since=${'1'.repeat(5000)}`,
      headers: { cookie: ctx.admin },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('sends a heartbeat comment every LIVE_HEARTBEAT_MS', async () => {
    const reader = await stream(ctx.staff);
    const started = Date.now();
    await reader.nextComment('heartbeat', 3000);
    await reader.nextComment('heartbeat', 3000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(elapsed).toBeLessThan(3000);
  });

  it('ends the stream when its session is signed out, revoked or its dealer deactivated', async () => {
    const dealer = await newDealer();
    const dealerStream = await stream(dealer.cookie);
    await dealerStream.next();
    const signedOut = Date.now();
    await ctx.app.inject({ method: 'POST', url: '/api/dealer/logout', headers: { cookie: dealer.cookie } });
    await dealerStream.ended;
    expect(Date.now() - signedOut).toBeLessThan(2000);

    const adminCookie = await signInAdmin(ctx.app);
    const adminStream = await stream(adminCookie);
    await adminStream.next();
    await ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: adminCookie } });
    await adminStream.ended;

    const deactivated = await newDealer();
    const deactivatedStream = await stream(deactivated.cookie);
    await deactivatedStream.next();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/dealers/${deactivated.id}`,
      headers: { cookie: ctx.admin },
      payload: { active: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await deactivatedStream.ended;
    // It was told about its own record before the stream ended.
    expect(deactivatedStream.messages.map((m) => m.data)).toContain('{"topic":"dealers"}');

    // The other sessions' streams are still open.
    const still = await stream(ctx.admin);
    await still.nextComment('heartbeat', 3000);
  });

  it(`caps one session at ${MAX_STREAMS_PER_SESSION} open streams`, async () => {
    const dealer = await newDealer();
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await stream(dealer.cookie));
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    const refused = await stream(dealer.cookie);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.error!).message).toMatch(/Too many live connections/);
    // Another session is not affected, and closing a tab frees its place.
    expect((await stream((await newDealer()).cookie)).status).toBe(200);
    streams[0]!.close();
    const deadline = Date.now() + 3000;
    let again = await stream(dealer.cookie);
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      again = await stream(dealer.cookie);
    }
    expect(again.status).toBe(200);
  });
});

describe('streams per dealership', () => {
  it(`caps one dealership at ${MAX_STREAMS_PER_DEALERSHIP} open streams, however many sessions its code opens`, async () => {
    const dealer = await newDealer();
    const sessions = [dealer.cookie];
    for (let i = 0; i < 3; i++)
      sessions.push(await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: dealer.code }));
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_DEALERSHIP; i++) streams.push(await stream(sessions[i % 4]!));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await stream(sessions[3]!);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.error!).message).toBe('Too many live connections for this dealership');
    // Another dealership is not affected.
    expect((await stream((await newDealer()).cookie)).status).toBe(200);
    for (const s of streams) s.close();
  });
});

describe('closing the app', () => {
  it('ends open streams so a graceful shutdown is not held up', async () => {
    const other = await createBootstrappedApp({ env: { LIVE_HEARTBEAT_MS: '60000' } });
    const url = await other.app.listen({ host: '127.0.0.1', port: 0 });
    const cookie = await signInAdmin(other.app);
    const readers = [
      await openEventStream(`${url}/api/events`, { cookie }),
      await openEventStream(`${url}/api/events`, { cookie }),
    ];
    for (const reader of readers) await reader.next();
    const started = Date.now();
    await other.close();
    await Promise.all(readers.map((r) => r.ended));
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
