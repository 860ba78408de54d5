import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { computeGrade, describeDamage } from '@contracts/condition-report';
import { decimalToCents } from '@contracts/money';
import { hasValidVinCheckDigit } from '@contracts/vin';
import { count, eq, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-app';
import { createTestDatabase } from '../test/test-database';
import { bootstrap, DEMO_ADMIN_EMAIL } from './bootstrap';
import type { DbHandle } from './db/client';
import {
  adminUsers,
  appSettings,
  buyCodes,
  buyOrderMatches,
  buyOrders,
  dealers,
  dealerUsers,
  floorPlanRequests,
  notifications,
  offerActivities,
  offers,
  transactionEvents,
  transactions,
  transportOrders,
  vehiclePhotos,
  vehicles,
  watchlistEntries,
  workOrders,
} from './db/schema';
import { UPLOAD_PASSWORD_SETTING } from './modules/auth/login-staff';
import { verifyPassword } from './modules/auth/passwords';
import { effectiveStatusSql } from './modules/buy-orders/buy-order-status';
import { dealOf } from './modules/transactions/sale-ledger';
import { findTransactionViews } from './modules/transactions/transaction-views';
import { DEMO_MEDIA_DIR } from './plugins/demo-media';
import { HISTORY_DEALERS } from './seed/demo-sales-history';

let database: DbHandle | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const countOf = async (db: DbHandle['db'], table: PgTable) => {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};

describe('first start', () => {
  // One demo seed for both questions (a seed is most of this file's time): the empty database a
  // DATABASE_URL names gets its admin and upload password but no demo at its first start; the same
  // start with SEED_DEMO=true explicit then seeds it (it still has no vehicle and no dealer).
  it('creates the demo admin and the upload password once, gives an empty database named by DATABASE_URL no demo data unless SEED_DEMO=true is explicit, and then seeds a living marketplace', async () => {
    database = await createTestDatabase();
    const { db } = database;
    // The config decides; the database under test stands in for the empty production server.
    const serverEnv = { DATABASE_URL: 'postgres://app:secret@db.example:5432/prod', SEED_DEMO: '' };
    const first = await bootstrap(db, testConfig(serverEnv));

    expect(first.createdAdmins).toHaveLength(1);
    expect(first.createdAdmins[0]?.email).toBe(DEMO_ADMIN_EMAIL);
    const [admin] = await db.select().from(adminUsers);
    expect(await verifyPassword(admin!.passwordHash!, first.createdAdmins[0]!.password!)).toBe(true);
    const [setting] = await db.select().from(appSettings).where(eq(appSettings.key, UPLOAD_PASSWORD_SETTING));
    expect(await verifyPassword(setting!.value, first.uploadPassword!)).toBe(true);
    expect(setting!.value).not.toContain(first.uploadPassword!);
    expect(first.demo.seeded).toBe(false);
    expect(first.demoTeam).toBeNull();
    expect(await countOf(db, buyCodes)).toBe(0);
    expect(await countOf(db, vehicles)).toBe(0);

    const config = testConfig({ ...serverEnv, SEED_DEMO: 'true' });
    const seeded = await bootstrap(db, config);
    // The admin and the upload password were made once, by the first start.
    expect(seeded.createdAdmins).toEqual([]);
    expect(seeded.uploadPassword).toBeNull();
    expect(seeded.demo.seeded).toBe(true);
    expect(await countOf(db, buyCodes)).toBeGreaterThan(0);
    const all = await db.select().from(vehicles);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.every((v) => hasValidVinCheckDigit(v.vin))).toBe(true);
    const statuses = new Set(all.map((v) => v.status));
    expect(statuses).toEqual(new Set(['active', 'sold', 'pending', 'removed']));
    expect(new Set(all.filter((v) => v.status === 'active').map((v) => v.condition))).toEqual(
      new Set(['Deal Machine Certified', 'Auction Certified']),
    );
    // The three demo dealers, and the dealerships that bought the sales history (issue #33).
    expect(await countOf(db, dealers)).toBe(3 + HISTORY_DEALERS.length);
    const offerStatuses = new Set((await db.select().from(offers)).map((o) => o.status));
    expect(offerStatuses).toEqual(new Set(['pending', 'countered', 'accepted', 'declined', 'expired']));
    const [activities] = await db.select({ n: count() }).from(offerActivities);
    expect(activities!.n).toBeGreaterThanOrEqual(6);
    // Every sold vehicle has exactly one open transaction; the cancelled sale left its car active.
    const sold = all.filter((v) => v.status === 'sold');
    const open = await db.select().from(transactions).where(eq(transactions.cancelled, false));
    expect(open.map((t) => t.vehicleId).sort()).toEqual(sold.map((v) => v.id).sort());
    const codes = await db.select().from(buyCodes).where(ne(buyCodes.code, ''));
    expect(codes.every((c) => /^[2-9A-HJ-NP-Z]{4}$/.test(c.code))).toBe(true);
    expect(seeded.demo.dealer?.buyCode).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    // The message history: admins told of open offers, dealers of counters, a receipt, the steps
    // after the sale, every outcome.
    const messages = await db.select().from(notifications);
    expect(new Set(messages.map((m) => m.event))).toEqual(
      new Set([
        'offer_received',
        'counter_sent',
        'purchase_receipt',
        'title_sent',
        'title_confirmed',
        'pickup_ready',
        'claim_opened',
        'payment_recorded',
        'transaction_paid',
        'unwind_requested',
        'buy_order_match',
        'saved_search_match',
        'alert_digest',
        // The shop's work on the demo's sales (issue #31).
        'work_order_started',
        'work_order_done',
        // Certified delivery and floor plan (issue #32): a Buy Now with both, arranged by our team.
        'vehicle_sold',
        'transport_update',
        'transport_to_arrange',
        'floor_plan_update',
        'floor_plan_to_arrange',
      ]),
    );
    // A car in transit paid by a floor-plan line, and one waiting for payment and the lender.
    const transport = await db.select().from(transportOrders);
    expect(new Set(transport.map((o) => o.status))).toEqual(new Set(['in_transit', 'awaiting_release']));
    const floorPlan = await db.select().from(floorPlanRequests);
    expect(new Set(floorPlan.map((r) => r.status))).toEqual(new Set(['funded', 'requested']));
    // Alerts as each order and search asks: texts beside e-mails, the daily digests queued for
    // their hour (issue #30).
    expect(messages.some((m) => m.event === 'buy_order_match' && m.channel === 'sms')).toBe(true);
    const digests = messages.filter((m) => m.event === 'alert_digest');
    expect(digests.length).toBeGreaterThan(0);
    expect(digests.every((m) => m.status === 'queued' && m.nextAttemptAt.getTime() > Date.now())).toBe(true);
    // Buy orders in every state (issue #30); the published cars matched the open ones.
    const orders = await db.select({ status: effectiveStatusSql }).from(buyOrders);
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['open', 'paused', 'filled', 'expired', 'cancelled']),
    );
    const matched = await db.select().from(buyOrderMatches);
    expect(matched.filter((m) => m.transactionId === null).length).toBeGreaterThan(1);
    expect(matched.filter((m) => m.transactionId !== null)).toHaveLength(1);
    // Watchlists (issue #30): the teamless dealer's (no person) and team members' own, a sold car among them.
    const marks = await db.select().from(watchlistEntries);
    expect(marks.some((m) => m.dealerUserId === null)).toBe(true);
    expect(new Set(marks.filter((m) => m.dealerUserId !== null).map((m) => m.dealerUserId)).size).toBe(3);
    expect(marks.filter((m) => m.watching).length).toBeGreaterThan(2);
    // Work orders in every state (issue #31), the done one finished before its car was picked up.
    const orders31 = await db.select().from(workOrders);
    expect(new Set(orders31.map((w) => w.status))).toEqual(
      new Set(['to_do', 'in_progress', 'done', 'cancelled']),
    );
    const doneOrder = orders31.find((w) => w.status === 'done')!;
    const pickup = (await db.select().from(transactionEvents)).find(
      (e) => e.transactionId === doneOrder.transactionId && e.type === 'picked_up',
    );
    expect(pickup).toBeDefined();
    // Every demo sale carries every charge: a sale bought with a package has its charge on the
    // ledger (the work order shows the package), and a sale shown as paid owes nothing on its
    // whole deal (price + package + delivery + fees − credits, dealOf).
    const packageOf = new Map(orders31.map((w) => [w.transactionId, w] as const));
    const paidFlag = new Map((await db.select().from(transactions)).map((t) => [t.id, t.isPaid] as const));
    const views = await findTransactionViews(db);
    for (const view of views) {
      const order = packageOf.get(view.id);
      const charges = view.ledger.filter((l) => l.part === 'reconditioning').map((l) => [l.kind, l.amount]);
      expect(charges, `sale ${view.id}`).toEqual(
        order && decimalToCents(order.packagePrice) > 0 ? [['charge', order.packagePrice]] : [],
      );
      expect(view.deal.reconditioning, `sale ${view.id}`).toBe(order ? order.packagePrice : '0.00');
      if (view.paidInFull || paidFlag.get(view.id)) {
        const lines = view.ledger.map((l) => ({ ...l, cents: decimalToCents(l.amount) }));
        const sum = (kind: string) =>
          lines.filter((l) => l.kind === kind).reduce((total, l) => total + l.cents, 0);
        const leftToPay = decimalToCents(dealOf(lines).total) - sum('payment') + sum('refund');
        expect(leftToPay, `sale ${view.id} is shown as paid`).toBeLessThanOrEqual(0);
        expect(view.paidInFull, `sale ${view.id}`).toBe(paidFlag.get(view.id));
      }
    }
    // The paid demo sale with work done before its pickup paid its package too.
    const donePaid = views.find((v) => v.id === doneOrder.transactionId)!;
    expect(donePaid).toMatchObject({ paidInFull: true, balance: '0.00' });
    expect(decimalToCents(donePaid.deal.reconditioning)).toBeGreaterThan(0);
    expect(new Set(messages.map((m) => m.status))).toEqual(new Set(['sent', 'failed', 'dead', 'queued']));
    expect(messages.find((m) => m.event === 'offer_received')?.recipient).toBe(DEMO_ADMIN_EMAIL);
    // The condition report (issue #17): photos processed into DATA_DIR/photos, reports with grades.
    // A newcomer's first look (issue #26): every car has a cover photo and a graded report whose
    // recon notes say what the report found.
    const photos = await db.select().from(vehiclePhotos);
    expect(photos.every((p) => p.vehicleId !== null)).toBe(true);
    expect(existsSync(join(config.dataDir, 'photos', photos[0]!.storageKey, '640.avif'))).toBe(true);
    // The sales history's cars (seed/demo-sales-history.ts) have graded reports but no photos.
    const historyDealerIds = new Set(
      (await db.select().from(dealers))
        .filter((d) => HISTORY_DEALERS.some((h) => h.dealerName === d.dealerName))
        .map((d) => d.id),
    );
    const historyCarIds = new Set(
      open.filter((t) => historyDealerIds.has(t.dealerId)).map((t) => t.vehicleId),
    );
    const everyCar = (await db.select().from(vehicles)).filter((v) => !historyCarIds.has(v.id));
    for (const car of everyCar) {
      const own = photos.filter((p) => p.vehicleId === car.id);
      expect(own.find((p) => p.position === 0)?.kind, `cover of ${car.make} ${car.model}`).toBe('front_left');
      expect(car.grade, `grade of ${car.make} ${car.model}`).not.toBeNull();
      expect(Number(car.grade)).toBe(computeGrade(car).grade);
      const exterior = car.damage.filter((d) => d.panel !== 'interior');
      const interior = car.damage.filter((d) => d.panel === 'interior');
      expect(car.reconExterior === 'None Found', car.reconExterior ?? '').toBe(exterior.length === 0);
      for (const item of exterior) expect(car.reconExterior).toContain(describeDamage(item));
      for (const item of interior) expect(car.reconInterior).toContain(describeDamage(item));
      for (const code of car.warningLights) expect(car.reconMechanical).toContain(code);
    }
    // The shipped drawings carry no camera metadata (no EXIF, GPS, XMP): only file and image facts.
    const shipped = readdirSync(DEMO_MEDIA_DIR)
      .filter((f) => f.endsWith('.jpg'))
      .map((f) => join(DEMO_MEDIA_DIR, f));
    expect(shipped.length).toBeGreaterThan(20);
    const shippedTags = JSON.parse(
      execFileSync('exiftool', ['-j', '-G1', ...shipped]).toString('utf8'),
    ) as Record<string, unknown>[];
    const groups = new Set(shippedTags.flatMap((tags) => Object.keys(tags).map((k) => k.split(':')[0])));
    expect(
      [...groups].filter(
        (g) => !['SourceFile', 'ExifTool', 'System', 'File', 'JFIF', 'Composite'].includes(g!),
      ),
    ).toEqual([]);
    const published = everyCar.filter((v) => v.status === 'active' && !v.inQueue);
    // The grade filter keeps most of the stock: 4.0 and up leaves at least four in five cars.
    expect(published.filter((v) => Number(v.grade) >= 4).length).toBeGreaterThanOrEqual(
      published.length * 0.8,
    );
    expect(new Set(published.map((v) => v.grade)).size).toBeGreaterThan(5);

    // Sales at every step after Buy Now (issue #18).
    const steps = new Set((await db.select().from(transactionEvents)).map((e) => e.type));
    for (const type of [
      'payment_recorded',
      'title_received',
      'title_sent',
      'title_confirmed',
      'pickup_ready',
      'picked_up',
      'claim_opened',
      'unwind_requested',
    ])
      expect(steps).toContain(type);

    // The demo team (issue #20): owner, buyer with limits, viewer; one printed password, stored hashed.
    const team = await db.select().from(dealerUsers).orderBy(dealerUsers.id);
    expect(team.map((m) => [m.role, m.perVehicleLimit, m.perDayLimit])).toEqual([
      ['owner', null, null],
      ['buyer', '30000.00', '60000.00'],
      ['viewer', null, null],
    ]);
    expect(seeded.demoTeam?.emails).toEqual(team.map((m) => m.email));
    expect(await verifyPassword(team[1]!.passwordHash!, seeded.demoTeam!.password)).toBe(true);
    const bought = await db.select().from(transactions).where(eq(transactions.buyerUserId, team[1]!.id));
    expect(bought).toHaveLength(1);

    const second = await bootstrap(db, config);
    expect(second).toEqual({
      createdAdmins: [],
      uploadPassword: null,
      demo: { seeded: false },
      demoTeam: null,
      regrade: null,
    });
    expect(await countOf(db, vehicles)).toBe(all.length);
    // A hang's limit: the seed is ≈20 s on a quiet machine, three times that beside CI's other work.
  }, 120_000);

  it('uses ADMIN_EMAILS, ADMIN_PASSWORD and UPLOAD_PASSWORD when set, and prints no secret', async () => {
    database = await createTestDatabase();
    const config = testConfig({
      ADMIN_EMAILS: 'Boss@Example.com,ops@example.com',
      ADMIN_PASSWORD: 'correct horse battery',
      UPLOAD_PASSWORD: 'lot-password',
    });
    const report = await bootstrap(database.db, config);
    expect(report.createdAdmins).toEqual([
      { email: 'boss@example.com', password: null },
      { email: 'ops@example.com', password: null },
    ]);
    expect(report.uploadPassword).toBeNull();
    expect(report.demo.seeded).toBe(false);
    const admins = await database.db.select().from(adminUsers);
    expect(await verifyPassword(admins[0]!.passwordHash!, 'correct horse battery')).toBe(true);
  });

  it('never seeds a database that already has data', async () => {
    database = await createTestDatabase();
    await database.db.insert(vehicles).values({ vin: '1HGCM82633A004352' });
    const report = await bootstrap(database.db, testConfig({ SEED_DEMO: 'true' }));
    expect(report.demo.seeded).toBe(false);
    expect(await countOf(database.db, vehicles)).toBe(1);
  });
});
