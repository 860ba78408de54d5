import { dateInZone } from '@contracts/business-days';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { startS3Server, type TestS3Server } from '../../../test/s3-server';
import { requestsAs, signIn, signInAdmin, signInMember } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';
import { uploadVideo } from '../../../test/tus-uploads';
import { transactionEvents } from '../../db/schema';

/*
 * Issue #28: a claim's video is a video its dealer uploaded (the member who uploaded it, when the
 * dealer has a team), never any finished upload whose URL a dealer learnt.
 */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let call: ReturnType<typeof requestsAs>;
let serial = 0;

/** A Buy Now sale by a fresh dealer, paid and delivered today (a claim may be opened). */
async function deliveredSale() {
  const vehicle = await insertVehicle(ctx.db, { price: '9000.00' });
  const dealer = await insertDealer(ctx.db);
  const code = `V${'23456789ABCDEFGH'[serial % 16]}${'JKLMNPQRSTUVWXYZ'[Math.floor(serial / 16) % 16]}${'23456789'[serial++ % 8]}`;
  await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code });
  const bought = await ctx.app.inject({
    method: 'POST',
    url: '/api/verify-code',
    payload: { code, vehicleId: vehicle.id },
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const id = bought.json().transactionId as number;
  const admin = await call('GET', '/api/transactions?limit=100');
  const sale = admin.json().items.find((t: { id: number }) => t.id === id);
  // Today where the sale's dates are kept (its terms' zone), not the machine's nor another zone's.
  const today = dateInZone(new Date(), sale.terms.timeZone);
  const paid = await call('POST', `/api/transactions/${id}/events`, {
    type: 'payment_recorded',
    amount: sale.balance,
    method: 'wire',
    reference: 'W-9',
    receivedOn: today,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const delivered = await call('POST', `/api/transactions/${id}/events`, {
    type: 'delivered',
    on: today,
    carrier: 'Acme',
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
  return { id, dealer, cookie };
}

const claim = (videoUrl: string) => ({
  type: 'claim_opened',
  category: 'mechanical',
  description: 'Noise at idle',
  estimate: '300',
  videoUrl,
});
const openClaim = (id: number, cookie: string, videoUrl: string) =>
  call('POST', `/api/dealer/transactions/${id}/events`, claim(videoUrl), cookie);
const claimsOf = async (id: number) =>
  (await ctx.db.select().from(transactionEvents).where(eq(transactionEvents.transactionId, id))).filter(
    (e) => e.type === 'claim_opened',
  );

describe.each(['on this disk', 'in a bucket'])('a claim’s video %s', (where) => {
  let s3: TestS3Server | null = null;
  beforeAll(async () => {
    s3 = where === 'in a bucket' ? await startS3Server() : null;
    ctx = await createBootstrappedApp(s3 ? { env: s3.env } : {});
    call = requestsAs(ctx.app, await signInAdmin(ctx.app));
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.stop();
  });

  it('is refused when it is another dealer’s finished upload, and nothing is recorded', async () => {
    const a = await deliveredSale();
    const b = await deliveredSale();
    const videoOfA = await uploadVideo(ctx.app, a.cookie);
    // The upload is finished and public: its URL answers, yet it is not B's to attach.
    expect((await ctx.app.inject(videoOfA)).statusCode).toBe(200);

    const refused = await openClaim(b.id, b.cookie, videoOfA);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('Upload the claim video first');
    expect(await claimsOf(b.id)).toEqual([]);
    const view = (await call('GET', '/api/dealer/transactions', undefined, b.cookie))
      .json()
      .find((t: { id: number }) => t.id === b.id);
    expect(view.claims).toEqual([]);

    // Each dealer attaches their own.
    const ownOfB = await uploadVideo(ctx.app, b.cookie);
    const opened = await openClaim(b.id, b.cookie, ownOfB);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().claims[0].videoUrl).toBe(ownOfB);
    expect((await openClaim(a.id, a.cookie, videoOfA)).statusCode).toBe(200);
  });

  it('of a dealer with a team is the video of the member who opens the claim', async () => {
    const sale = await deliveredSale();
    const first = await insertMember(ctx.db, { dealerId: sale.dealer.id, role: 'owner' });
    const second = await insertMember(ctx.db, { dealerId: sale.dealer.id, role: 'owner' });
    const firstCookie = await signInMember(ctx.app, first.email, MEMBER_PASSWORD, '10.9.8.21');
    const secondCookie = await signInMember(ctx.app, second.email, MEMBER_PASSWORD, '10.9.8.22');
    const videoOfFirst = await uploadVideo(ctx.app, firstCookie);

    const refused = await openClaim(sale.id, secondCookie, videoOfFirst);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await claimsOf(sale.id)).toEqual([]);

    const opened = await openClaim(sale.id, firstCookie, videoOfFirst);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await claimsOf(sale.id)).toHaveLength(1);
  });
});
