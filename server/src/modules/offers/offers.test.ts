import { addBusinessDays, dateInZone } from '@contracts/business-days';
import { OFFER_TEXT } from '@contracts/buying';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { dealerWithCode, makeOffer } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { offers, transactions, vehicles } from '../../db/schema';

const ctx = withApp({ signIn: ['admin'] });

async function pendingOffer(amount = '20000.00', vehicleOverrides = {}) {
  const vehicle = await insertVehicle(ctx.db, { price: '22000.00', ...vehicleOverrides });
  const { dealer, code } = await dealerWithCode(ctx.db);
  const res = await makeOffer(ctx.app, vehicle.id, code, { amount });
  return { vehicle, dealer, code, offer: res.json() as { id: number }, res };
}
const patch = (id: number, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/offers/${id}`,
    payload: body,
    headers: { cookie: ctx.admin },
  });

describe('admin offers', () => {
  it('lists every offer with vehicle, dealer and activity log', async () => {
    const { offer, dealer } = await pendingOffer();
    const list = (
      await ctx.app.inject({ url: `/api/offers?q=${offer.id}`, headers: { cookie: ctx.admin } })
    ).json();
    const view = list.items.find((o: { id: number }) => o.id === offer.id);
    expect(view).toMatchObject({
      status: 'pending',
      dealer: { dealerName: dealer.dealerName },
      vehicle: { price: '22000.00' },
    });
    expect(view.activities).toHaveLength(1);
  });

  it('accepts: sells at the offer amount and declines rival offers', async () => {
    const { vehicle, dealer, offer } = await pendingOffer('21000');
    const rivalDealer = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: rivalDealer.id, code: 'OR2V' });
    const rival = (await makeOffer(ctx.app, vehicle.id, 'OR2V', { amount: '20500' })).json();
    const res = await patch(offer.id, { status: 'accepted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('accepted');
    const [sale] = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.vehicleId, vehicle.id), eq(transactions.cancelled, false)));
    expect(sale).toMatchObject({ dealerId: dealer.id, amount: '21000.00', offerId: offer.id });
    const [sold] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(sold!.status).toBe('sold');
    const [rivalAfter] = await ctx.db.select().from(offers).where(eq(offers.id, rival.id));
    expect(rivalAfter!.status).toBe('declined');
    // A second admin on a stale screen cannot answer again.
    const stale = await patch(offer.id, { status: 'declined' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(OFFER_TEXT.stale);
  });

  it('counters with an amount and optional message, opening a new 48 h window', async () => {
    const { offer } = await pendingOffer();
    await ctx.db
      .update(offers)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(offers.id, offer.id));
    expect((await patch(offer.id, { status: 'countered' })).json().message).toBe('Amount is required');
    expect((await patch(offer.id, { status: 'countered', counterAmount: '-1' })).json().message).toBe(
      'Must be a valid positive number',
    );
    const res = await patch(offer.id, {
      status: 'countered',
      counterAmount: '21500',
      counterMessage: '  Delivery included  ',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      status: 'countered',
      counterAmount: '21500.00',
      counterMessage: 'Delivery included',
    });
    expect((Date.parse(view.expiresAt) - Date.now()) / 3600_000).toBeGreaterThan(47.9);
    expect(view.activities.at(-1).message).toBe('Countered at $21,500: Delivery included');
    const noMessage = await pendingOffer();
    const plain = await patch(noMessage.offer.id, { status: 'countered', counterAmount: 21000 });
    expect(plain.json().counterMessage).toBeNull();
  });

  it('declines, refuses expired offers and unknown statuses', async () => {
    const { offer } = await pendingOffer();
    expect((await patch(offer.id, { status: 'declined' })).json().status).toBe('declined');
    const late = await pendingOffer();
    await ctx.db
      .update(offers)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(offers.id, late.offer.id));
    const expired = await patch(late.offer.id, { status: 'accepted' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This offer has expired');
    const [after] = await ctx.db.select().from(offers).where(eq(offers.id, late.offer.id));
    expect(after!.status).toBe('expired');
    expect((await patch(offer.id, { status: 'sold' })).statusCode).toBe(400);
    expect((await patch(999999, { status: 'declined' })).statusCode).toBe(404);
  });
});

describe('offer rules (issue #27)', () => {
  it('refuses an offer at or above the asking price, pointing to Buy Now', async () => {
    for (const amount of ['22000', '$25,000']) {
      const { res } = await pendingOffer(amount);
      expect(res.statusCode, amount).toBe(409);
      expect(res.json().message).toBe(
        'Your offer is at or above the asking price of $22,000. Use Buy Now to buy the vehicle at that price.',
      );
    }
    expect((await pendingOffer('21999.99')).res.statusCode).toBe(201);
  });

  it('keeps a counter between the dealer’s offer and the asking price', async () => {
    const { offer } = await pendingOffer('19500');
    const band =
      "A counter must be more than the dealer's offer of $19,500 and less than the asking price of $22,000";
    for (const counterAmount of ['18000', '19500', '22000', '23000']) {
      const refused = await patch(offer.id, { status: 'countered', counterAmount });
      expect(refused.statusCode, counterAmount).toBe(400);
      expect(refused.json().message).toBe(band);
    }
    expect((await patch(offer.id, { status: 'countered', counterAmount: '$20,750' })).json()).toMatchObject({
      status: 'countered',
      counterAmount: '20750.00',
    });
  });

  it('withdraws an unanswered counter: the dealer’s offer is open again and can no longer be accepted at the counter', async () => {
    const { offer, dealer, code } = await pendingOffer('19500');
    const withdraw = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/offers/${offer.id}/withdraw-counter`,
        headers: { cookie: ctx.admin },
      });
    expect((await withdraw()).json().message).toBe(OFFER_TEXT.noCounterToWithdraw);
    await patch(offer.id, { status: 'countered', counterAmount: '21000' });
    const withdrawn = await withdraw();
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'pending', counterAmount: null, amount: '19500.00' });
    expect(withdrawn.json().activities.at(-1).message).toBe(
      'Counter of $21,000 withdrawn; the offer of $19,500 is open again',
    );
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/api/dealer/offers/${offer.id}/respond`,
      payload: { action: 'accept' },
      headers: { cookie },
    });
    expect(accept.statusCode).toBe(409);
    // Only an admin may withdraw.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/offers/${offer.id}/withdraw-counter`,
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('shows the amount the sale was made for, and when payment would be due', async () => {
    const { offer, dealer, code } = await pendingOffer('19500');
    await patch(offer.id, { status: 'countered', counterAmount: '20000' });
    const cookie = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const mine = async () =>
      (await ctx.app.inject({ url: '/api/dealer/offers', headers: { cookie } }))
        .json()
        .find((o: { id: number }) => o.id === offer.id);
    const before = await mine();
    expect(before).toMatchObject({ status: 'countered', soldFor: null });
    expect(before.paymentDueIfAccepted).toBe(addBusinessDays(dateInZone(new Date(), 'America/New_York'), 3));
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/dealer/offers/${offer.id}/respond`,
      payload: { action: 'accept' },
      headers: { cookie },
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted', amount: '19500.00', soldFor: '20000.00' });
    const sale = (await ctx.app.inject({ url: '/api/dealer/transactions', headers: { cookie } })).json()[0];
    expect(sale).toMatchObject({ amount: '20000.00', balance: '20000.00', stage: 'awaiting_payment' });
    // The date the confirmation showed is the sale's own due date.
    expect(dateInZone(new Date(sale.paymentDueAt), 'America/New_York')).toBe(before.paymentDueIfAccepted);
  });
});
