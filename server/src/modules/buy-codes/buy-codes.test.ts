import { describe, expect, it } from 'vitest';
import { DEALER_FORM } from '../../../test/factories';
import { withApp } from '../../../test/with-app';

/** The admin's buy codes: generating one with limits, listing a dealer's, changing one. */

const ctx = withApp({ signIn: ['admin'] });

describe('buy codes', () => {
  it("generates a code with limits next to the dealer's first one, and deactivates it", async () => {
    const dealer = (await ctx.call('POST', '/api/dealers', DEALER_FORM)).json();
    const generated = await ctx.call('POST', '/api/buy-codes', { dealerId: dealer.id, maxUses: 3 });
    expect(generated.statusCode).toBe(201);
    expect(generated.json()).toMatchObject({
      dealerId: dealer.id,
      maxUses: 3,
      dealerName: 'Harbor Auto Group',
    });
    const codes = (await ctx.call('GET', `/api/buy-codes?dealerId=${dealer.id}`)).json();
    expect(codes).toHaveLength(2);
    const patched = await ctx.call('PATCH', `/api/buy-codes/${generated.json().id}`, {
      active: false,
      expiresAt: null,
    });
    expect(patched.json()).toMatchObject({ active: false, expiresAt: null });
  });
});
