import { DELIVERY_TEXT } from '@contracts/delivery';
import type { AdminListing } from '@contracts/listings';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertVehicle } from '../../../test/factories';
import { withApp } from '../../../test/with-app';
import { auditLog, vehicles } from '../../db/schema';

/**
 * Where a car stands and whether it runs (docs/design.md §15): the admin sets them when completing or
 * editing a listing (PATCH /api/vehicles/:id); admins read them back, the public never does.
 */

const ctx = withApp({ signIn: ['admin'] });

const complete = {
  status: 'active',
  inQueue: false,
  mileage: 61000,
  price: '14,900',
  condition: 'Auction Certified',
};
const rowOf = async (id: number) => (await ctx.db.select().from(vehicles).where(eq(vehicles.id, id)))[0]!;
const adminListingOf = async (id: number) =>
  ((await ctx.call('GET', '/api/vehicles')).json() as AdminListing[]).find((v) => v.id === id)!;

describe('listing location ZIP and inoperable', () => {
  it('completes a queued car with its ZIP (a ZIP+4 keeps five digits) and as inoperable', async () => {
    const queued = await insertVehicle(ctx.db, {
      status: 'pending',
      inQueue: true,
      price: null,
      mileage: null,
      condition: null,
    });
    const before = await adminListingOf(queued.id);
    expect(before).toMatchObject({ locationZip: null, inoperable: false });

    const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, {
      ...complete,
      locationZip: ' 30301-1234 ',
      inoperable: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', locationZip: '30301', inoperable: true });
    expect(await rowOf(queued.id)).toMatchObject({ locationZip: '30301', inoperable: true });
    expect(await adminListingOf(queued.id)).toMatchObject({ locationZip: '30301', inoperable: true });

    // The public reads neither.
    const publicView = (await ctx.app.inject({ method: 'GET', url: `/api/vehicles/${queued.id}` })).json();
    expect(publicView.id).toBe(queued.id);
    expect(publicView).not.toHaveProperty('locationZip');
    expect(publicView).not.toHaveProperty('inoperable');
  });

  it('completing without them keeps the lot ZIP (null) and a running car', async () => {
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true, price: null });
    const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, complete);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ locationZip: null, inoperable: false });
  });

  it('refuses a ZIP that is not 5 digits and an inoperable that is not true or false, changing nothing', async () => {
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true, price: null });
    for (const locationZip of ['3030', '303011', 'ABCDE', '']) {
      const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, { ...complete, locationZip });
      expect(res.statusCode, locationZip).toBe(400);
      expect(res.json().message).toBe(DELIVERY_TEXT.zipRequired);
    }
    const notBoolean = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, {
      ...complete,
      inoperable: 'yes',
    });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().message).toBe('inoperable must be true or false');
    expect(await rowOf(queued.id)).toMatchObject({ status: 'pending', locationZip: null, inoperable: false });

    const listed = await insertVehicle(ctx.db);
    const edit = await ctx.call('PATCH', `/api/vehicles/${listed.id}`, {
      action: 'edit',
      expectedUpdatedAt: listed.updatedAt.toISOString(),
      locationZip: '9021',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(DELIVERY_TEXT.zipRequired);
  });

  it("refuses a ZIP that is not a known US ZIP, on completion and on edit, with the quote's message", async () => {
    const queued = await insertVehicle(ctx.db, { status: 'pending', inQueue: true, price: null });
    for (const locationZip of ['99999', '00000']) {
      const res = await ctx.call('PATCH', `/api/vehicles/${queued.id}`, { ...complete, locationZip });
      expect(res.statusCode, locationZip).toBe(400);
      expect(res.json().message).toBe(DELIVERY_TEXT.zipUnknown(locationZip));
    }
    expect(await rowOf(queued.id)).toMatchObject({ status: 'pending', locationZip: null });

    const listed = await insertVehicle(ctx.db);
    const edit = await ctx.call('PATCH', `/api/vehicles/${listed.id}`, {
      action: 'edit',
      expectedUpdatedAt: listed.updatedAt.toISOString(),
      locationZip: '99999',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(DELIVERY_TEXT.zipUnknown('99999'));
    expect(await rowOf(listed.id)).toMatchObject({ locationZip: null });
  });

  it('edits a published listing: moves the car, marks it inoperable, back to the lot; audited', async () => {
    const listed = await insertVehicle(ctx.db);
    const moved = await ctx.call('PATCH', `/api/vehicles/${listed.id}`, {
      action: 'edit',
      expectedUpdatedAt: listed.updatedAt.toISOString(),
      locationZip: '30303',
      inoperable: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ locationZip: '30303', inoperable: true, price: '19999.00' });

    const back = await ctx.call('PATCH', `/api/vehicles/${listed.id}`, {
      action: 'edit',
      expectedUpdatedAt: moved.json().updatedAt,
      locationZip: null,
      inoperable: false,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ locationZip: null, inoperable: false });
    expect(await rowOf(listed.id)).toMatchObject({ locationZip: null, inoperable: false });

    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'vehicle'),
          eq(auditLog.entityId, listed.id),
          eq(auditLog.action, 'listing_edited'),
        ),
      )
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [
        { locationZip: null, inoperable: false },
        { locationZip: '30303', inoperable: true },
      ],
      [
        { locationZip: '30303', inoperable: true },
        { locationZip: null, inoperable: false },
      ],
    ]);

    // Sending the same values again changes nothing (no audit row, same updatedAt).
    const same = await ctx.call('PATCH', `/api/vehicles/${listed.id}`, {
      action: 'edit',
      expectedUpdatedAt: back.json().updatedAt,
      locationZip: null,
      inoperable: false,
    });
    expect(same.json().updatedAt).toBe(back.json().updatedAt);
  });
});
