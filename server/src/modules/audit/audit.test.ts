import { beforeAll, describe, expect, it } from 'vitest';
import { DEALER_FORM, insertVehicle } from '../../../test/factories';
import { walkPages } from '../../../test/helpers';
import type { requestsAs } from '../../../test/sessions';
import { withApp } from '../../../test/with-app';

/** The Activity tab's source: GET /api/audit. */
const ctx = withApp({ signIn: ['admin'] });
/** `ctx.call` (as the admin), for the setup: every change must succeed. */
let call: ReturnType<typeof requestsAs>;

beforeAll(async () => {
  call = async (...args) => {
    const res = await ctx.call(...args);
    expect(res.statusCode, `${args[0]} ${args[1]}`).toBeLessThan(300);
    return res;
  };
  // State changes by the admin, on dealers, buy codes and a vehicle.
  const dealer = (await call('POST', '/api/dealers', DEALER_FORM)).json();
  await call('PATCH', `/api/dealers/${dealer.id}`, { active: false });
  await call('PATCH', `/api/dealers/${dealer.id}`, { active: true });
  const code = (await call('POST', '/api/buy-codes', { dealerId: dealer.id, maxUses: 3 })).json();
  await call('PATCH', `/api/buy-codes/${code.id}`, { active: false });
  const vehicle = await insertVehicle(ctx.db);
  await call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'removed', inQueue: false });
});

describe('audit', () => {
  it('lists the latest state changes with a readable actor, filterable by entity', async () => {
    const all = await walkPages<{ id: number; actorLabel: string; entity: string }>(
      (url) => ctx.call('GET', url),
      '/api/audit',
      2,
    );
    expect(all.length).toBeGreaterThan(5);
    expect(all.some((e: { actorLabel: string }) => e.actorLabel === 'boss@example.com')).toBe(true);
    expect(all.some((e: { entity: string }) => e.entity !== 'dealer')).toBe(true);
    const dealersOnly = await walkPages<{ id: number; entity: string }>(
      (url) => ctx.call('GET', url),
      '/api/audit?entity=dealer',
    );
    // Newest first, page after page.
    expect(all.map((e) => e.id)).toEqual(all.map((e) => e.id).sort((a, b) => b - a));
    expect(dealersOnly.length).toBeGreaterThan(0);
    expect(dealersOnly.every((e: { entity: string }) => e.entity === 'dealer')).toBe(true);
    expect((await ctx.call('GET', '/api/audit?entity=secrets')).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/audit?cursor=nonsense')).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/audit?limit=500')).statusCode).toBe(400);
  });
});
