import { BUYING_TEXT, PURCHASE_REFUSALS } from '@contracts/buying';
import { DELIVERY_TEXT } from '@contracts/delivery';
import { describe, expect, it } from 'vitest';
import { DEALER_FORM, insertVehicle } from '../../../test/factories';
import { buyNow } from '../../../test/helpers';
import { signIn } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';

/** The admin's dealers: the add-dealer form, its first buy code, activation. */

const ctx = withApp({ signIn: ['admin'] });

const DEALER = DEALER_FORM;

describe('dealers', () => {
  it('validates the eleven fields with the spec messages', async () => {
    const res = await ctx.call('POST', '/api/dealers', {
      ...DEALER,
      dealerName: ' ',
      email: 'nope',
      titleContactPhone: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dealer name is required');
    expect(
      (await ctx.call('POST', '/api/dealers', { ...DEALER, billingContactEmail: 'x' })).json().message,
    ).toBe('Invalid billing contact email');
    expect(
      (await ctx.call('POST', '/api/dealers', { ...DEALER, titleContactPhone: '555-01' })).json().message,
    ).toBe('Title contact phone must be at least 10 digits');
  });

  it("refuses an address ending in a ZIP that is not a known US ZIP, with the transport quote's message", async () => {
    const res = await ctx.call('POST', '/api/dealers', {
      ...DEALER,
      dealerName: 'Nowhere Motors',
      address: '1 Nowhere Rd, Springfield, ZZ 99999',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DELIVERY_TEXT.zipUnknown('99999'));
    const known = await ctx.call('POST', '/api/dealers', {
      ...DEALER,
      dealerName: 'Somewhere Motors',
      address: '1 Main St, Cambridge, MA 02139-4307',
    });
    expect(known.statusCode).toBe(201);
  });

  it('adds a dealer with its first code, refuses a duplicate name, and deactivation stops its code', async () => {
    const res = await ctx.call('POST', '/api/dealers', DEALER);
    expect(res.statusCode).toBe(201);
    const dealer = res.json();
    expect(dealer).toMatchObject({ dealerName: 'Harbor Auto Group', active: true });
    expect(dealer.buyCode.code).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    expect(
      (await ctx.call('POST', '/api/dealers', { ...DEALER, dealerName: 'harbor auto group ' })).statusCode,
    ).toBe(409);

    const session = await signIn(ctx.app, 'dealer', {
      dealerName: DEALER.dealerName,
      buyCode: dealer.buyCode.code,
    });
    const vehicle = await insertVehicle(ctx.db);
    expect((await ctx.call('PATCH', `/api/dealers/${dealer.id}`, { active: false })).json().active).toBe(
      false,
    );
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
    const refused = await buyNow(ctx.app, dealer.buyCode.code, vehicle.id);
    // An inactive dealership's code reads as a wrong one (issue #43): its codes work again once it
    // is reactivated, so a guesser must not learn they exist.
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: BUYING_TEXT.buyFailure,
      reason: PURCHASE_REFUSALS.invalidCode,
    });
    expect(
      (await ctx.call('PATCH', `/api/dealers/${dealer.id}`, { active: true, dealerName: 'x' })).statusCode,
    ).toBe(400);
  });
});
