import { ADMIN_TEXT } from '@contracts/admin';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { buyNow, makeOffer, publicIds } from '../../../test/helpers';
import { withApp } from '../../../test/with-app';
import { auditLog, transactions, vehicles } from '../../db/schema';

/** The admin's queue and listings (PATCH /api/vehicles/:id), and what staff may change there. */

const ctx = withApp({ signIn: ['admin', 'staff'] });

describe('queue completion and listings', () => {
  it('completes a queued vehicle, which becomes public at once', async () => {
    const queued = await insertVehicle(ctx.db, {
      status: 'pending',
      inQueue: true,
      price: null,
      mileage: null,
      condition: null,
    });
    expect(await publicIds(ctx.app)).not.toContain(queued.id);
    const missing = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, {
      status: 'active',
      inQueue: false,
      price: '12000',
      condition: 'Auction Certified',
    });
    expect(missing.statusCode).toBe(400);
    const wrongCert = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, {
      status: 'active',
      inQueue: false,
      mileage: 5,
      price: '12000',
      condition: 'Gold',
    });
    expect(wrongCert.json().message).toBe(ADMIN_TEXT.certificationRequired);
    const body = {
      status: 'active',
      inQueue: false,
      mileage: '48210',
      price: '12,500',
      condition: 'Deal Machine Certified',
      trim: 'LX',
    };
    const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      inQueue: false,
      mileage: 48210,
      price: '12500.00',
      trim: 'LX',
    });
    expect(await publicIds(ctx.app)).toContain(queued.id);
    // Listed now, once (docs/design.md §16's upload-to-listed): a later edit leaves the time alone.
    const listed = await ctx.db.query.vehicles.findFirst({ where: eq(vehicles.id, queued.id) });
    expect(Date.now() - listed!.listedAt!.getTime()).toBeLessThan(60_000);
    await ctx.db.update(vehicles).set({ status: 'active', inQueue: false }).where(eq(vehicles.id, queued.id));
    const edited = await ctx.db.query.vehicles.findFirst({ where: eq(vehicles.id, queued.id) });
    expect(edited!.listedAt).toEqual(listed!.listedAt);
    expect((await ctx.call('PATCH', `/api/vehicles/${queued.id}`, body)).statusCode).toBe(409);
    expect((await ctx.call('PATCH', '/api/vehicles/999999', body)).json().message).toBe(
      ADMIN_TEXT.vehicleNotFound,
    );
  });

  it('refuses mass assignment: a VIN, an id or a timestamp in the body', async () => {
    const vehicle = await insertVehicle(ctx.db);
    for (const extra of [
      { vin: '1HGCM82633A004352' },
      { id: 5 },
      { createdAt: '2020-01-01' },
      { isPaid: true },
    ]) {
      const res = await ctx.call('PATCH', `/api/vehicles/${vehicle.id}`, {
        status: 'removed',
        inQueue: false,
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toMatch(/cannot be changed here/);
    }
    const [unchanged] = await ctx.db.select().from(vehicles).where(eq(vehicles.id, vehicle.id));
    expect(unchanged!.status).toBe('active');
  });

  it('removes and reactivates; reactivating a sold vehicle cancels exactly its open sale', async () => {
    const vehicle = await insertVehicle(ctx.db);
    const bidder = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: bidder.id, code: 'RM2V' });
    const bid = await makeOffer(ctx.app, vehicle.id, 'RM2V', { amount: '100' });
    const removed = await ctx.call('PATCH', `/api/vehicles/${vehicle.id}`, {
      status: 'removed',
      inQueue: false,
    });
    expect(removed.json().status).toBe('removed');
    const [closed] = (await ctx.call('GET', `/api/offers?q=${bid.json().id}`))
      .json()
      .items.filter((o: { id: number }) => o.id === bid.json().id);
    expect(closed).toMatchObject({ status: 'declined' });
    expect(closed.activities.at(-1).message).toBe('Listing removed');
    expect(await publicIds(ctx.app)).not.toContain(vehicle.id);
    expect(
      (await ctx.call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'active', inQueue: false })).json()
        .status,
    ).toBe('active');

    const dealer = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'AD2M' });
    await buyNow(ctx.app, 'AD2M', vehicle.id);
    await ctx.db
      .insert(transactions)
      .values({ vehicleId: vehicle.id, dealerId: dealer.id, amount: '1.00', cancelled: true });
    const listings = (await ctx.call('GET', '/api/vehicles')).json();
    expect(listings.find((v: { id: number }) => v.id === vehicle.id).sale).toMatchObject({
      dealerName: dealer.dealerName,
    });
    expect(
      (await ctx.call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'removed', inQueue: false }))
        .statusCode,
    ).toBe(409);

    const res = await ctx.call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'active', inQueue: false });
    expect(res.json().status).toBe('active');
    const sales = await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id));
    expect(sales).toHaveLength(2);
    expect(sales.every((s) => s.cancelled)).toBe(true);
    expect(await publicIds(ctx.app)).toContain(vehicle.id);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vehicle'), eq(auditLog.entityId, vehicle.id)));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['removed', 'reactivated', 'sold', 'relisted']),
    );
  });

  it('lets staff save recon notes only while queued, with None Found for blanks; listing changes are admin-only', async () => {
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true });
    const res = await ctx.call(
      'PATCH',
      `/api/vehicles/${queued.id}`,
      { reconExterior: 'Scratch on rear bumper', reconMechanical: '  ', reconInterior: null },
      ctx.staff,
    );
    expect(res.json()).toMatchObject({
      reconExterior: 'Scratch on rear bumper',
      reconMechanical: 'None Found',
      reconInterior: 'None Found',
    });
    expect(
      (
        await ctx.call(
          'PATCH',
          `/api/vehicles/${queued.id}`,
          { status: 'removed', inQueue: false },
          ctx.staff,
        )
      ).statusCode,
    ).toBe(403);
    const listed = await insertVehicle(ctx.db);
    expect(
      (await ctx.call('PATCH', `/api/vehicles/${listed.id}`, { reconExterior: 'x' }, ctx.staff)).statusCode,
    ).toBe(403);
    expect((await ctx.call('PATCH', `/api/vehicles/${listed.id}`, { reconExterior: 'x' })).statusCode).toBe(
      200,
    );
  });
});
