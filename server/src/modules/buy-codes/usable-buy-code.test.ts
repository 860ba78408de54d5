import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { buyNow, makeOffer, nextAddress } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyCodes, dealers, offers, transactions } from '../../db/schema';

const ctx = withApp({ signIn: ['admin'] });

const accept = (offerId: number) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/offers/${offerId}`,
    payload: { status: 'accepted' },
    headers: { cookie: ctx.admin },
  });
const usageOf = async (id: number) =>
  (await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, id)))[0]!.usageCount;

describe('a usable buy code means the same thing everywhere', () => {
  it('a used-up code no longer signs in, and the portal labels it Inactive', async () => {
    const dealer = await insertDealer(ctx.db);
    const usedUp = await insertBuyCodeRow(ctx.db, {
      dealerId: dealer.id,
      code: 'UU2A',
      maxUses: 2,
      usageCount: 2,
    });
    const live = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'UU2B' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/dealer/login',
      payload: { dealerName: dealer.dealerName, buyCode: usedUp.code },
      remoteAddress: nextAddress(),
    });
    expect(login.statusCode).toBe(401);
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: live.code },
      nextAddress(),
    );
    const codes = (await ctx.app.inject({ url: '/api/dealer/buycodes', headers: { cookie } })).json();
    expect(
      Object.fromEntries(codes.map((c: { code: string; active: boolean }) => [c.code, c.active])),
    ).toEqual({
      UU2A: false,
      UU2B: true,
    });
  });

  it('a sale from an offer counts one use and is refused once the code is used up', async () => {
    const dealer = await insertDealer(ctx.db);
    const code = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'UU3A', maxUses: 1 });
    const [first, second, third] = [
      await insertVehicle(ctx.db),
      await insertVehicle(ctx.db),
      await insertVehicle(ctx.db),
    ];
    // Offers don't use the code up, so two can wait at once.
    const a = (await makeOffer(ctx.app, first!.id, code.code)).json();
    const b = (await makeOffer(ctx.app, second!.id, code.code)).json();
    expect((await accept(a.id)).statusCode).toBe(200);
    expect(await usageOf(code.id)).toBe(1);

    const refused = await accept(b.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This offer cannot be accepted: buy code UU3A has no uses left');
    const [still] = await ctx.db.select().from(offers).where(eq(offers.id, b.id));
    expect(still!.status).toBe('pending');
    // Nor can Buy Now use it a second time.
    const buy = await buyNow(ctx.app, code.code, third!.id);
    expect(buy.statusCode).toBe(403);
    expect(buy.json().reason).toBe('BUY_CODE_USED_UP');
    expect(await ctx.db.select().from(transactions).where(eq(transactions.buyCodeId, code.id))).toHaveLength(
      1,
    );
  });

  it('a dealer accepting a counter counts one use; a deactivated dealer’s offer cannot be accepted', async () => {
    const dealer = await insertDealer(ctx.db);
    const code = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'UU4A' });
    const vehicle = await insertVehicle(ctx.db);
    const offer = (await makeOffer(ctx.app, vehicle.id, code.code)).json();
    const counter = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/offers/${offer.id}`,
      payload: { status: 'countered', counterAmount: '16000' },
      headers: { cookie: ctx.admin },
    });
    expect(counter.statusCode).toBe(200);
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code.code },
      nextAddress(),
    );
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/dealer/offers/${offer.id}/respond`,
      payload: { action: 'accept' },
      headers: { cookie },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await usageOf(code.id)).toBe(1);

    const other = await insertVehicle(ctx.db);
    const pending = (await makeOffer(ctx.app, other.id, code.code)).json();
    await ctx.db.update(dealers).set({ active: false }).where(eq(dealers.id, dealer.id));
    const refused = await accept(pending.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This offer cannot be accepted: the dealer is no longer active');
    expect(await usageOf(code.id)).toBe(1);
  });
});
