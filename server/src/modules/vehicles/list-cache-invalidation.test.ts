import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { buyNow, dealerWithCode, makeOffer, publicIds } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';

const ctx = withApp({ signIn: ['admin'] });

/**
 * A vehicle written straight to the database, once the app has heard its NOTIFY: the notification
 * arrives a moment after the commit, so reading before it could see (and cache) the old list.
 */
async function insertVehicleHeard() {
  const before = ctx.app.listCache.invalidations;
  const vehicle = await insertVehicle(ctx.db);
  await expect.poll(() => ctx.app.listCache.invalidations, { timeout: 5000 }).toBeGreaterThan(before);
  return vehicle;
}

describe('public vehicle list cache', () => {
  it('is dropped only by routes that declare they change vehicles', () => {
    const declared = ctx.app.routesTable
      .filter((r) => r.changesVehicles)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    // Selling (Buy Now with a code or as a signed-in member, accepted offer or counter), re-listing (cancel, or unwinding on a claim),
    // editing and syncing vehicles, and their photos and condition reports.
    expect(declared).toEqual(
      [
        'DELETE /api/vehicles/:id/photos/:photoId',
        'PATCH /api/offers/:id',
        'PATCH /api/transactions/:id',
        'PATCH /api/vehicles/:id',
        'POST /api/dealer/offers/:id/respond',
        'POST /api/sync-vehicles',
        'POST /api/transactions/:id/events',
        'POST /api/vehicles/:id/photos',
        'POST /api/verify-code',
        'PUT /api/vehicles/:id/condition-report',
        'PUT /api/vehicles/:id/photos',
        // A signed-in team member's Buy Now (issue #20).
        'POST /api/dealer/purchases',
      ].sort(),
    );
  });

  it('stays warm through sign-in, sign-out, offers, buy codes and failed requests', async () => {
    const vehicle = await insertVehicleHeard();
    const { dealer } = await dealerWithCode(ctx.db, { code: 'WRM2' });
    expect(await publicIds(ctx.app)).toContain(vehicle.id);
    const builds = ctx.app.listCache.builds;

    const answers = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: '/api/dealer/login',
        payload: { dealerName: dealer.dealerName, buyCode: 'WRM2' },
      }),
      ctx.app.inject({ method: 'POST', url: '/api/dealer/logout' }),
      makeOffer(ctx.app, vehicle.id, 'WRM2'),
      ctx.app.inject({
        method: 'POST',
        url: '/api/buy-codes',
        payload: { dealerId: dealer.id },
        headers: { cookie: ctx.admin },
      }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 201, 201]);
    // Failures of routes that could change vehicles change nothing either.
    const failures = await Promise.all([
      ctx.app.inject({
        method: 'POST',
        url: '/api/verify-code',
        payload: { code: 'NNNN', vehicleId: vehicle.id },
      }),
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/vehicles/2000000000',
        payload: { status: 'removed', inQueue: false },
        headers: { cookie: ctx.admin },
      }),
    ]);
    expect(failures.map((f) => f.statusCode)).toEqual([400, 404]);

    expect(await publicIds(ctx.app)).toContain(vehicle.id);
    expect(ctx.app.listCache.builds).toBe(builds);
  });

  it('rebuilds after a vehicle changes, and the next read shows the change', async () => {
    const removed = await insertVehicleHeard();
    const bought = await insertVehicleHeard();
    await dealerWithCode(ctx.db, { code: 'BYN2' });
    expect(await publicIds(ctx.app)).toEqual(expect.arrayContaining([removed.id, bought.id]));
    const builds = ctx.app.listCache.builds;

    const remove = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${removed.id}`,
      payload: { status: 'removed', inQueue: false },
      headers: { cookie: ctx.admin },
    });
    expect(remove.statusCode).toBe(200);
    expect(await publicIds(ctx.app)).not.toContain(removed.id);

    const buy = await buyNow(ctx.app, 'BYN2', bought.id);
    expect(buy.statusCode).toBe(200);
    expect(await publicIds(ctx.app)).not.toContain(bought.id);
    expect(ctx.app.listCache.builds).toBeGreaterThanOrEqual(builds + 2);
  });
});
