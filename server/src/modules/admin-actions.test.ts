import { ADMIN_TEXT } from '@contracts/admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBuyCodeRow, insertDealer, insertVehicle } from '../../test/factories';
import { signIn, signInAdmin, signInStaff } from '../../test/sessions';
import { createBootstrappedApp } from '../../test/test-app';
import { auditLog, transactions, vehicles } from '../db/schema';

let ctx: Awaited<ReturnType<typeof createBootstrappedApp>>;
let admin: string;
let staff: string;

beforeAll(async () => {
  ctx = await createBootstrappedApp();
  admin = await signInAdmin(ctx.app);
  staff = await signInStaff(ctx.app);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const publicIds = async () =>
  ((await ctx.app.inject('/api/vehicles')).json() as { id: number }[]).map((v) => v.id);

const DEALER = {
  dealerName: 'Harbor Auto Group',
  address: '9 Pier Rd, Portland, ME',
  contactName: 'Jo Smith',
  email: 'jo@harbor.example',
  phone: '(207) 555-0101',
  billingContactName: 'Al Smith',
  billingContactEmail: 'billing@harbor.example',
  billingContactPhone: '(207) 555-0102',
  titleContactName: 'Cy Smith',
  titleContactEmail: 'titles@harbor.example',
  titleContactPhone: '(207) 555-0103',
};

describe('queue completion and listings', () => {
  it('completes a queued vehicle, which becomes public at once', async () => {
    const queued = await insertVehicle(ctx.db, {
      status: 'pending',
      inQueue: true,
      price: null,
      mileage: null,
      condition: null,
    });
    expect(await publicIds()).not.toContain(queued.id);
    const missing = await call('PATCH', `/api/vehicles/${queued.id}`, {
      status: 'active',
      inQueue: false,
      price: '12000',
      condition: 'Auction Certified',
    });
    expect(missing.statusCode).toBe(400);
    const wrongCert = await call('PATCH', `/api/vehicles/${queued.id}`, {
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
    const res = await call('PATCH', `/api/vehicles/${queued.id}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'active',
      inQueue: false,
      mileage: 48210,
      price: '12500.00',
      trim: 'LX',
    });
    expect(await publicIds()).toContain(queued.id);
    expect((await call('PATCH', `/api/vehicles/${queued.id}`, body)).statusCode).toBe(409);
    expect((await call('PATCH', '/api/vehicles/999999', body)).json().message).toBe(
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
      const res = await call('PATCH', `/api/vehicles/${vehicle.id}`, {
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
    const bid = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle.id}/offers`,
      payload: { amount: '100', buyCode: 'RM2V' },
    });
    const removed = await call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'removed', inQueue: false });
    expect(removed.json().status).toBe('removed');
    const [closed] = (await call('GET', '/api/offers'))
      .json()
      .filter((o: { id: number }) => o.id === bid.json().id);
    expect(closed).toMatchObject({ status: 'declined' });
    expect(closed.activities.at(-1).message).toBe('Listing removed');
    expect(await publicIds()).not.toContain(vehicle.id);
    expect(
      (await call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'active', inQueue: false })).json()
        .status,
    ).toBe('active');

    const dealer = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code: 'AD2M' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { code: 'AD2M', vehicleId: vehicle.id },
    });
    await ctx.db
      .insert(transactions)
      .values({ vehicleId: vehicle.id, dealerId: dealer.id, amount: '1.00', cancelled: true });
    const listings = (await call('GET', '/api/vehicles')).json();
    expect(listings.find((v: { id: number }) => v.id === vehicle.id).sale).toMatchObject({
      dealerName: dealer.dealerName,
    });
    expect(
      (await call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'removed', inQueue: false })).statusCode,
    ).toBe(409);

    const res = await call('PATCH', `/api/vehicles/${vehicle.id}`, { status: 'active', inQueue: false });
    expect(res.json().status).toBe('active');
    const sales = await ctx.db.select().from(transactions).where(eq(transactions.vehicleId, vehicle.id));
    expect(sales).toHaveLength(2);
    expect(sales.every((s) => s.cancelled)).toBe(true);
    expect(await publicIds()).toContain(vehicle.id);
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
    const res = await call(
      'PATCH',
      `/api/vehicles/${queued.id}`,
      { reconExterior: 'Scratch on rear bumper', reconMechanical: '  ', reconInterior: null },
      staff,
    );
    expect(res.json()).toMatchObject({
      reconExterior: 'Scratch on rear bumper',
      reconMechanical: 'None Found',
      reconInterior: 'None Found',
    });
    expect(
      (await call('PATCH', `/api/vehicles/${queued.id}`, { status: 'removed', inQueue: false }, staff))
        .statusCode,
    ).toBe(403);
    const listed = await insertVehicle(ctx.db);
    expect(
      (await call('PATCH', `/api/vehicles/${listed.id}`, { reconExterior: 'x' }, staff)).statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/vehicles/${listed.id}`, { reconExterior: 'x' })).statusCode).toBe(200);
  });
});

describe('dealers and buy codes', () => {
  it('validates the eleven fields with the spec messages', async () => {
    const res = await call('POST', '/api/dealers', {
      ...DEALER,
      dealerName: ' ',
      email: 'nope',
      titleContactPhone: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dealer name is required');
    expect((await call('POST', '/api/dealers', { ...DEALER, billingContactEmail: 'x' })).json().message).toBe(
      'Invalid billing contact email',
    );
    expect(
      (await call('POST', '/api/dealers', { ...DEALER, titleContactPhone: '555-01' })).json().message,
    ).toBe('Title contact phone must be at least 10 digits');
  });

  it('adds a dealer with its first code, refuses a duplicate name, and deactivation stops its code', async () => {
    const res = await call('POST', '/api/dealers', DEALER);
    expect(res.statusCode).toBe(201);
    const dealer = res.json();
    expect(dealer).toMatchObject({ dealerName: 'Harbor Auto Group', active: true });
    expect(dealer.buyCode.code).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    expect(
      (await call('POST', '/api/dealers', { ...DEALER, dealerName: 'harbor auto group ' })).statusCode,
    ).toBe(409);

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

    const session = await signIn(ctx.app, 'dealer', {
      dealerName: DEALER.dealerName,
      buyCode: dealer.buyCode.code,
    });
    const vehicle = await insertVehicle(ctx.db);
    expect((await call('PATCH', `/api/dealers/${dealer.id}`, { active: false })).json().active).toBe(false);
    expect((await ctx.app.inject({ url: '/api/dealer/me', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { code: dealer.buyCode.code, vehicleId: vehicle.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (await call('PATCH', `/api/dealers/${dealer.id}`, { active: true, dealerName: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('transactions', () => {
  async function sale() {
    const vehicle = await insertVehicle(ctx.db);
    const dealer = await insertDealer(ctx.db);
    const code = `T${'23456789ABCDEFGH'[Math.floor(Math.random() * 16)]}${'JKLMNPQRSTUVWXYZ'[Math.floor(Math.random() * 16)]}${'23456789'[Math.floor(Math.random() * 8)]}`;
    await insertBuyCodeRow(ctx.db, { dealerId: dealer.id, code });
    const bought = await ctx.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { code, vehicleId: vehicle.id },
    });
    return { vehicle, dealer, code, transactionId: bought.json().transactionId as number };
  }
  const upload = (id: number, name: string, content: Buffer, cookie = admin) => {
    const boundary = '----test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="billOfSale"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/transactions/${id}/bill-of-sale`,
      payload,
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const PNG = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(32),
  ]);

  it('toggles status and paid, and lists with vehicle and dealer', async () => {
    const { transactionId, dealer } = await sale();
    const list = (await call('GET', '/api/transactions')).json();
    expect(list.find((t: { id: number }) => t.id === transactionId)).toMatchObject({
      dealerName: dealer.dealerName,
      status: 'pending',
      isPaid: false,
    });
    expect(
      (
        await call('PATCH', `/api/transactions/${transactionId}`, { status: 'completed', isPaid: true })
      ).json(),
    ).toMatchObject({
      status: 'completed',
      isPaid: true,
    });
    expect((await call('PATCH', `/api/transactions/${transactionId}`, { amount: '1' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/transactions/${transactionId}`, {})).statusCode).toBe(400);
  });

  it('cancels once, re-listing the vehicle; a cancelled transaction takes no more actions', async () => {
    const { transactionId, vehicle } = await sale();
    const res = await call('PATCH', `/api/transactions/${transactionId}`, { cancelled: true });
    expect(res.json().cancelled).toBe(true);
    expect(await publicIds()).toContain(vehicle.id);
    const twice = await call('PATCH', `/api/transactions/${transactionId}`, { cancelled: true });
    expect(twice.statusCode).toBe(409);
    expect((await call('PATCH', `/api/transactions/${transactionId}`, { isPaid: true })).statusCode).toBe(
      409,
    );
    expect((await call('PATCH', `/api/transactions/${transactionId}`, { cancelled: false })).statusCode).toBe(
      400,
    );
  });

  it('stores a bill of sale by its content and serves it to admins and the buying dealer only', async () => {
    const { transactionId, dealer, code } = await sale();
    const text = await upload(transactionId, 'notes.png', Buffer.from('just some text'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('The bill of sale must be a PDF, PNG or JPEG file');
    expect((await upload(transactionId, 'empty.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload(transactionId, 'doc.pdf', PDF, staff)).statusCode).toBe(403);

    // A PNG named .pdf is a PNG: stored and served as one.
    const renamed = await upload(transactionId, '../../etc/passwd.pdf', PNG);
    expect(renamed.statusCode).toBe(200);
    const link = renamed.json().billOfSale as string;
    expect(link).toMatch(new RegExp(`^/api/transactions/${transactionId}/bill-of-sale\\?v=\\d+$`));
    const asAdmin = await call('GET', link);
    expect(asAdmin.headers['content-type']).toBe('image/png');
    expect(asAdmin.headers['content-disposition']).toBe(
      `inline; filename="bill-of-sale-${transactionId}.png"`,
    );
    expect(asAdmin.rawPayload.equals(PNG)).toBe(true);

    expect((await upload(transactionId, 'bill.pdf', PDF)).statusCode).toBe(200);
    const buyer = await signIn(ctx.app, 'dealer', { dealerName: dealer.dealerName, buyCode: code });
    const asBuyer = await ctx.app.inject({
      url: `/api/transactions/${transactionId}/bill-of-sale`,
      headers: { cookie: buyer },
    });
    expect(asBuyer.headers['content-type']).toBe('application/pdf');
    const other = await insertDealer(ctx.db);
    await insertBuyCodeRow(ctx.db, { dealerId: other.id, code: 'OT7R' });
    const stranger = await signIn(ctx.app, 'dealer', { dealerName: other.dealerName, buyCode: 'OT7R' });
    expect(
      (
        await ctx.app.inject({
          url: `/api/transactions/${transactionId}/bill-of-sale`,
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/transactions/${transactionId}/bill-of-sale` })).statusCode,
    ).toBe(401);
  });
});

describe('audit', () => {
  it('lists the latest state changes with a readable actor, filterable by entity', async () => {
    const all = (await call('GET', '/api/audit?limit=500')).json();
    expect(all.length).toBeGreaterThan(5);
    expect(all.some((e: { actorLabel: string }) => e.actorLabel === 'boss@example.com')).toBe(true);
    const dealersOnly = (await call('GET', '/api/audit?entity=dealer')).json();
    expect(dealersOnly.every((e: { entity: string }) => e.entity === 'dealer')).toBe(true);
    expect((await call('GET', '/api/audit?entity=secrets')).statusCode).toBe(400);
  });
});
