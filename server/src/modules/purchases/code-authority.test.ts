import { BUYING_TEXT, maskBuyCode } from '@contracts/buying';
import { limitText, TEAM_TEXT } from '@contracts/teams';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertBuyCodeRow,
  insertDealer,
  insertMember,
  insertVehicle,
  MEMBER_PASSWORD,
} from '../../../test/factories';
import { buyNow, makeOffer, nextAddress, nextCode } from '../../../test/helpers';
import { requestsAs, signIn, signInAdmin, signInMember } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';
import { buyCodes, offers, transactions } from '../../db/schema';
import { createSession } from '../../lib/sessions';

/**
 * Issue 28's reproductions (docs/design.md §11): a buy code is a person's authority. Each test is one
 * finding of the review; before codes belonged to people every one of them bought, offered or
 * signed in.
 */
/** A dealership as the demo's Route 9 Motors: an owner and a limited buyer with a code each, a viewer. */
async function team() {
  const dealer = await insertDealer(ctx.db);
  const owner = await insertMember(ctx.db, { dealerId: dealer.id, role: 'owner', name: 'Olga Owner' });
  const buyer = await insertMember(ctx.db, {
    dealerId: dealer.id,
    role: 'buyer',
    name: 'Bob Buyer',
    perVehicleLimit: '30000.00',
  });
  const viewer = await insertMember(ctx.db, { dealerId: dealer.id, role: 'viewer', name: 'Val Viewer' });
  const ownerCode = await insertBuyCodeRow(ctx.db, {
    dealerId: dealer.id,
    code: nextCode(),
    dealerUserId: owner.id,
  });
  const buyerCode = await insertBuyCodeRow(ctx.db, {
    dealerId: dealer.id,
    code: nextCode(),
    dealerUserId: buyer.id,
  });
  const sessionOf = async (member: { email: string }) =>
    requestsAs(ctx.app, await signInMember(ctx.app, member.email, MEMBER_PASSWORD, nextAddress()));
  return { dealer, owner, buyer, viewer, ownerCode, buyerCode, sessionOf };
}
const nameAndCode = (dealerName: string, buyCode: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dealer/login',
    payload: { dealerName, buyCode },
    remoteAddress: nextAddress(),
  });
/** A purchase by a signed-in dealer (POST /api/dealer/purchases), no code typed. */
const sessionBuy = (cookie: string, vehicleId: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/dealer/purchases',
    payload: { vehicleId },
    headers: { cookie },
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `${res.cookies[0]!.name}=${res.cookies[0]!.value}`;
const salesOf = (vehicleId: number) =>
  ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicleId));

const ctx = withApp();

describe('a buy code is a person’s authority', () => {
  it('a viewer is shown no code; a buyer only their own; the owner every code and whose it is', async () => {
    const t = await team();
    const viewer = await t.sessionOf(t.viewer);
    expect((await viewer('GET', '/api/dealer/buycodes')).json()).toEqual([]);
    const buyer = await t.sessionOf(t.buyer);
    const buyerCodes = (await buyer('GET', '/api/dealer/buycodes')).json();
    expect(buyerCodes.map((c: { code: string }) => c.code)).toEqual([t.buyerCode.code]);
    expect(buyerCodes[0]).toMatchObject({ mine: true, active: true });
    const owner = await t.sessionOf(t.owner);
    const ownerCodes = (await owner('GET', '/api/dealer/buycodes')).json();
    expect(
      Object.fromEntries(
        ownerCodes.map((c: { code: string; holderName: string; mine: boolean }) => [
          c.code,
          [c.holderName, c.mine],
        ]),
      ),
    ).toEqual({
      [t.ownerCode.code]: ['Olga Owner', true],
      [maskBuyCode(t.buyerCode.code)]: ['Bob Buyer', false],
    });
    // The owner sees whose a code is and when it was last used, never the code itself (docs/decisions/0031-session-strength.md).
    expect(ownerCodes.find((c: { mine: boolean }) => !c.mine)).toMatchObject({ masked: true });
    expect(JSON.stringify(ownerCodes)).not.toContain(t.buyerCode.code);
    // The admin sees whose each code is, too.
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const listed = (await admin('GET', `/api/buy-codes?dealerId=${t.dealer.id}`)).json();
    expect(listed.map((c: { holderName: string }) => c.holderName).sort()).toEqual([
      'Bob Buyer',
      'Olga Owner',
    ]);
  });

  it('a code a viewer holds buys nothing and offers nothing, typed or by session', async () => {
    const t = await team();
    // Viewers hold none; were one to (a row written by hand), every path still refuses.
    const stray = await insertBuyCodeRow(ctx.db, {
      dealerId: t.dealer.id,
      code: nextCode(),
      dealerUserId: t.viewer.id,
    });
    const car = await insertVehicle(ctx.db, { price: '41200.00' });
    const bought = await buyNow(ctx.app, stray.code, car.id);
    expect(bought.statusCode).toBe(403);
    expect(bought.json()).toMatchObject({ message: TEAM_TEXT.viewerCannotBuy, reason: 'VIEWER_CANNOT_BUY' });
    const offered = await makeOffer(ctx.app, car.id, stray.code, { amount: '40000' });
    expect(offered.statusCode).toBe(403);
    expect(offered.json().message).toBe(TEAM_TEXT.viewerCannotBuy);
    const signedIn = await nameAndCode(t.dealer.dealerName, stray.code);
    expect(signedIn.json().member).toMatchObject({ id: t.viewer.id, role: 'viewer' });
    const cookie = cookieOf(signedIn);
    const viaSession = await sessionBuy(cookie, car.id);
    expect(viaSession.statusCode).toBe(403);
    expect(await salesOf(car.id)).toHaveLength(0);
    expect(await ctx.db.select().from(offers).where(eq(offers.vehicleId, car.id))).toHaveLength(0);
  });

  it('a member made a viewer loses their codes at once', async () => {
    const t = await team();
    const owner = await t.sessionOf(t.owner);
    const changed = await owner('PATCH', `/api/team/members/${t.buyer.id}`, {
      role: 'viewer',
      perVehicleLimit: null,
      perDayLimit: null,
    });
    expect(changed.statusCode).toBe(200);
    const [code] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, t.buyerCode.id));
    expect(code!.active).toBe(false);
    const car = await insertVehicle(ctx.db);
    expect((await buyNow(ctx.app, t.buyerCode.code, car.id)).json().reason).toBe('BUY_CODE_DEACTIVATED');
  });

  it('the name + code sign-in opens the code holder’s own session, with their role and limits', async () => {
    const t = await team();
    const signedIn = await nameAndCode(t.dealer.dealerName.toUpperCase(), t.buyerCode.code.toLowerCase());
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().member).toMatchObject({ id: t.buyer.id, name: 'Bob Buyer', role: 'buyer' });
    const cookie = cookieOf(signedIn);
    const me = (await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).json();
    expect(me.member).toMatchObject({ id: t.buyer.id });
    const dear = await insertVehicle(ctx.db, { price: '37400.00' });
    const refused = await sessionBuy(cookie, dear.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(limitText.perVehicle('30000.00'));
    // The session buys with the buyer's own code, never the owner's.
    const fair = await insertVehicle(ctx.db, { price: '25000.00' });
    const bought = await sessionBuy(cookie, fair.id);
    expect(bought.json().buyCode).toBe(t.buyerCode.code);
    expect((await salesOf(fair.id))[0]).toMatchObject({ buyerUserId: t.buyer.id, buyCodeId: t.buyerCode.id });
  });

  it('a session that names nobody does not outlive the team’s start', async () => {
    const dealer = await insertDealer(ctx.db);
    const code = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: nextCode() });
    const cookie = await signIn(
      ctx.app,
      'dealer',
      { dealerName: dealer.dealerName, buyCode: code.code },
      nextAddress(),
    );
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).statusCode).toBe(200);
    // The admin invites the dealership's owner: the team starts, the code becomes the owner's.
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const invited = await admin('POST', `/api/dealers/${dealer.id}/team`, {
      email: `owner${code.code.toLowerCase()}@authority.example`,
      name: 'New Owner',
      role: 'owner',
    });
    expect(invited.statusCode).toBe(201);
    const [held] = await ctx.db.select().from(buyCodes).where(eq(buyCodes.id, code.id));
    expect(held!.dealerUserId).toBe(invited.json().id);
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie } })).statusCode).toBe(401);
    const car = await insertVehicle(ctx.db);
    const viaOldSession = await sessionBuy(cookie, car.id);
    expect(viaOldSession.statusCode).toBe(401);
    // A member-less session made by hand for a team's dealership is refused too.
    const { token: handMade } = await createSession(ctx.db, {
      role: 'dealer',
      subjectId: dealer.id,
      dealerUserId: null,
      proof: 'code',
      buyCodeId: code.id,
    });
    const bearer = await ctx.app.inject({
      url: '/api/dealer/me',
      headers: { authorization: `Bearer ${handMade}` },
    });
    expect(bearer.statusCode).toBe(401);
    // Until the owner accepts the invitation the code signs in no one: an invited member who has
    // not accepted has no session of any kind (docs/decisions/0031-session-strength.md).
    const before = await nameAndCode(dealer.dealerName, code.code);
    expect(before.statusCode).toBe(401);
    const token = new URL(invited.json().invitationLink).hash.replace('#token=', '');
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/team/invitation/accept',
      payload: { token, password: 'a long enough password' },
    });
    expect(accepted.statusCode).toBe(200);
    // Signing in again with the code now names the owner.
    const again = await nameAndCode(dealer.dealerName, code.code);
    expect(again.json().member).toMatchObject({ name: 'New Owner', role: 'owner' });
    expect(again.json().proof).toBe('code');
  });

  it('a buyer’s typed code carries their limits: no $37,400 car on a $30,000 limit, no offer over it', async () => {
    const t = await team();
    const dear = await insertVehicle(ctx.db, { price: '37400.00' });
    const bought = await buyNow(ctx.app, t.buyerCode.code, dear.id);
    expect(bought.statusCode).toBe(403);
    expect(bought.json()).toMatchObject({
      message: limitText.perVehicle('30000.00'),
      reason: 'OVER_BUYER_LIMIT',
    });
    expect(await salesOf(dear.id)).toHaveLength(0);
    const offered = await makeOffer(ctx.app, dear.id, t.buyerCode.code, { amount: '31000' });
    expect(offered.statusCode).toBe(403);
    expect(offered.json().message).toBe(limitText.perVehicle('30000.00'));
    // The owner's code has no limit.
    expect((await buyNow(ctx.app, t.ownerCode.code, dear.id)).statusCode).toBe(200);
    expect((await salesOf(dear.id))[0]!.buyerUserId).toBe(t.owner.id);
  });

  it('removing a member ends their name + code session, their codes and their sign-in, at once', async () => {
    const t = await team();
    const signedIn = await nameAndCode(t.dealer.dealerName, t.buyerCode.code);
    const cookie = cookieOf(signedIn);
    const owner = await t.sessionOf(t.owner);
    expect((await owner('DELETE', `/api/team/members/${t.buyer.id}`)).statusCode).toBe(200);

    const car = await insertVehicle(ctx.db, { price: '12000.00' });
    const viaSession = await sessionBuy(cookie, car.id);
    expect(viaSession.statusCode).toBe(401);
    const typed = await buyNow(ctx.app, t.buyerCode.code, car.id);
    expect(typed.statusCode).toBe(403);
    expect(typed.json()).toMatchObject({
      message: BUYING_TEXT.codeDeactivated,
      reason: 'BUY_CODE_DEACTIVATED',
    });
    expect((await makeOffer(ctx.app, car.id, t.buyerCode.code, { amount: '11000' })).statusCode).toBe(400);
    expect((await nameAndCode(t.dealer.dealerName, t.buyerCode.code)).statusCode).toBe(401);
    expect(await salesOf(car.id)).toHaveLength(0);
    // Even were the code switched back on by hand, a removed holder's code is nobody's.
    await ctx.db.update(buyCodes).set({ active: true }).where(eq(buyCodes.id, t.buyerCode.id));
    expect((await buyNow(ctx.app, t.buyerCode.code, car.id)).json().reason).toBe('BUY_CODE_DEACTIVATED');
    expect((await nameAndCode(t.dealer.dealerName, t.buyerCode.code)).statusCode).toBe(401);
  });

  it('a typed-code sale and offer name the person on every view (never “bought by: nobody”)', async () => {
    const t = await team();
    const car = await insertVehicle(ctx.db, { price: '22000.00' });
    expect((await buyNow(ctx.app, t.buyerCode.code, car.id)).statusCode).toBe(200);
    expect((await salesOf(car.id))[0]).toMatchObject({ buyerUserId: t.buyer.id, buyCodeId: t.buyerCode.id });
    const owner = await t.sessionOf(t.owner);
    const sales = (await owner('GET', '/api/dealer/transactions')).json();
    expect(sales.find((s: { vehicleId: number }) => s.vehicleId === car.id).boughtBy).toBe('Bob Buyer');
    const admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
    const all = (await admin('GET', '/api/transactions?limit=100')).json().items;
    expect(all.find((s: { vehicleId: number }) => s.vehicleId === car.id).boughtBy).toBe('Bob Buyer');

    const other = await insertVehicle(ctx.db, { price: '26000.00' });
    const offered = await makeOffer(ctx.app, other.id, t.buyerCode.code, { amount: '24000' });
    expect(offered.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(offers).where(eq(offers.id, offered.json().id));
    expect(row!.buyerUserId).toBe(t.buyer.id);
    const dealerOffers = (await owner('GET', '/api/dealer/offers')).json();
    const mine = dealerOffers.find((o: { id: number }) => o.id === row!.id);
    expect(mine.boughtBy).toBe('Bob Buyer');
    expect(mine.activities[0].message).toBe(
      `Offer of $24,000 submitted by Bob Buyer (${t.dealer.dealerName})`,
    );
  });
});
