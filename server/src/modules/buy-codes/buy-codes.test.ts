import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_FORM } from '../../../test/factories';
import { requestsAs, signInAdmin } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';

/** The admin's buy codes: generating one with limits, listing a dealer's, changing one. */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let call: ReturnType<typeof requestsAs>;

beforeAll(async () => {
  ctx = await createBootstrappedApp();
  call = requestsAs(ctx.app, await signInAdmin(ctx.app));
});
afterAll(() => ctx.close());

describe('buy codes', () => {
  it("generates a code with limits next to the dealer's first one, and deactivates it", async () => {
    const dealer = (await call('POST', '/api/dealers', DEALER_FORM)).json();
    const generated = await call('POST', '/api/buy-codes', { dealerId: dealer.id, maxUses: 3 });
    expect(generated.statusCode).toBe(201);
    expect(generated.json()).toMatchObject({
      dealerId: dealer.id,
      maxUses: 3,
      dealerName: 'Harbor Auto Group',
    });
    const codes = (await call('GET', `/api/buy-codes?dealerId=${dealer.id}`)).json();
    expect(codes).toHaveLength(2);
    const patched = await call('PATCH', `/api/buy-codes/${generated.json().id}`, {
      active: false,
      expiresAt: null,
    });
    expect(patched.json()).toMatchObject({ active: false, expiresAt: null });
  });
});
