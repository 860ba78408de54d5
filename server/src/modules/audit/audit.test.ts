import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_FORM, insertVehicle } from '../../../test/factories';
import { requestsAs, signInAdmin } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';

/** The Activity tab's source: GET /api/audit. */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let admin: ReturnType<typeof requestsAs>;
/** `admin`, for the setup: every change must succeed. */
let call: ReturnType<typeof requestsAs>;

beforeAll(async () => {
  ctx = await createBootstrappedApp();
  admin = requestsAs(ctx.app, await signInAdmin(ctx.app));
  call = async (...args) => {
    const res = await admin(...args);
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
afterAll(() => ctx.close());

describe('audit', () => {
  it('lists the latest state changes with a readable actor, filterable by entity', async () => {
    const all = (await admin('GET', '/api/audit?limit=500')).json();
    expect(all.length).toBeGreaterThan(5);
    expect(all.some((e: { actorLabel: string }) => e.actorLabel === 'boss@example.com')).toBe(true);
    expect(all.some((e: { entity: string }) => e.entity !== 'dealer')).toBe(true);
    const dealersOnly = (await admin('GET', '/api/audit?entity=dealer')).json();
    expect(dealersOnly.length).toBeGreaterThan(0);
    expect(dealersOnly.every((e: { entity: string }) => e.entity === 'dealer')).toBe(true);
    expect((await admin('GET', '/api/audit?entity=secrets')).statusCode).toBe(400);
  });
});
