import { MY_UPLOADS_DEFAULT_LIMIT } from '@contracts/staff-uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../../test/factories';
import { signIn, signInAdmin, signInStaff, TEST_ACCOUNTS } from '../../../test/sessions';
import { createBootstrappedApp } from '../../../test/test-app';
import { adminUsers } from '../../db/schema';

/**
 * GET /api/staff/uploads ("My uploads", issue #34): the staff sign-in's own vehicles, newest first,
 * each with where it stands; an admin who uploads sees theirs; nobody else may ask.
 */
let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let staff: string;
let admin: string;
let adminId: number;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

beforeAll(async () => {
  ctx = await createBootstrappedApp();
  staff = await signInStaff(ctx.app);
  admin = await signInAdmin(ctx.app);
  const [row] = await ctx.db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.email, TEST_ACCOUNTS.adminEmail));
  adminId = row!.id;
});
afterAll(() => ctx.close());

const uploadsAs = (cookie: string | undefined, query = '') =>
  ctx.app.inject({ url: `/api/staff/uploads${query}`, headers: cookie ? { cookie } : {} });

describe('My uploads', () => {
  it("lists only the staff sign-in's own vehicles, newest first, each in the admin screens' state", async () => {
    const queued = await insertVehicle(ctx.db, {
      uploadedBy: 'staff',
      status: 'pending',
      inQueue: true,
      price: null,
      createdAt: minutesAgo(1),
    });
    const held = await insertVehicle(ctx.db, {
      uploadedBy: 'staff',
      inQueue: true,
      firstLookUntil: new Date(Date.now() + 3_600_000),
      createdAt: minutesAgo(2),
    });
    const listed = await insertVehicle(ctx.db, { uploadedBy: 'staff', createdAt: minutesAgo(3) });
    const sold = await insertVehicle(ctx.db, {
      uploadedBy: 'staff',
      status: 'sold',
      createdAt: minutesAgo(4),
    });
    const removed = await insertVehicle(ctx.db, {
      uploadedBy: 'staff',
      status: 'removed',
      createdAt: minutesAgo(5),
    });
    // Not the staff sign-in's: an admin's upload, the sheet sync's, one from before uploaders were recorded.
    const adminsOwn = await insertVehicle(ctx.db, {
      uploadedBy: `admin:${adminId}`,
      createdAt: minutesAgo(0),
    });
    await insertVehicle(ctx.db, { uploadedBy: 'sync', createdAt: minutesAgo(0) });
    await insertVehicle(ctx.db, { uploadedBy: null, createdAt: minutesAgo(0) });

    const res = await uploadsAs(staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.total).toBe(5);
    expect(body.uploads.map((u: { id: number; state: string }) => [u.id, u.state])).toEqual([
      [queued.id, 'queued'],
      [held.id, 'first-look'],
      [listed.id, 'listed'],
      [sold.id, 'sold'],
      [removed.id, 'removed'],
    ]);
    expect(body.uploads[0]).toEqual({
      id: queued.id,
      vin: queued.vin,
      year: 2020,
      make: 'Honda',
      model: 'Accord',
      trim: 'EX',
      mileage: 42000,
      state: 'queued',
      uploadedAt: queued.createdAt.toISOString(),
    });

    // An admin using the wizard sees their own uploads, not the lot's.
    const asAdmin = (await uploadsAs(admin)).json();
    expect(asAdmin.uploads.map((u: { id: number }) => u.id)).toEqual([adminsOwn.id]);
    expect(asAdmin.total).toBe(1);
  });

  it('shows at most the limit asked for and says how many there are in all', async () => {
    const all = (await uploadsAs(staff)).json();
    const two = (await uploadsAs(staff, '?limit=2')).json();
    expect(two.total).toBe(all.total);
    expect(two.uploads).toEqual(all.uploads.slice(0, 2));
    expect((await uploadsAs(staff, '?limit=0')).statusCode).toBe(400);
    expect((await uploadsAs(staff, '?limit=abc')).statusCode).toBe(400);
    expect(MY_UPLOADS_DEFAULT_LIMIT).toBeGreaterThanOrEqual(all.uploads.length);
  });

  it('refuses anonymous callers (401) and dealers (403)', async () => {
    expect((await uploadsAs(undefined)).statusCode).toBe(401);
    const dealer = await insertDealer(ctx.db);
    const code = await insertBuyCodeRow(ctx.db, { dealerId: dealer.id });
    const dealerCookie = await signIn(ctx.app, 'dealer', {
      dealerName: dealer.dealerName,
      buyCode: code.code,
    });
    const res = await uploadsAs(dealerCookie);
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain('uploads');
  });
});
