import { premiumCertification } from '@contracts/brand';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Database } from './db/client';
import { adminUsers, appSettings } from './db/schema';
import { ObjectStorage } from './lib/object-storage';
import { GUARANTEE_TERMS_SETTING } from './lib/sale-terms-setting';
import { S3MediaStorage } from './lib/uploads/s3-media-storage';
import { UPLOAD_PASSWORD_SETTING } from './modules/auth/login-staff';
import { generatePassword, hashPassword } from './modules/auth/passwords';
import { createPhotoStore } from './modules/photos/register-photos';
import { type RegradeResult, regradeVehicles } from './modules/photos/regrade-vehicles';
import { reconcilePaidFlags } from './modules/transactions/paid-flags';
import { SALE_TERMS_SETTING } from './modules/vehicles/sell-vehicle';
import { seedDemoBuyOrders } from './seed/demo-buy-orders';
import { seedDemoDelivery } from './seed/demo-delivery';
import { seedDemoNotifications } from './seed/demo-notifications';
import { seedDemoPhotos } from './seed/demo-photos';
import { seedDemoSales } from './seed/demo-sales';
import { seedDemoSalesHistory } from './seed/demo-sales-history';
import { type DemoSeedResult, isDatabaseEmpty, seedDemoData } from './seed/demo-seed';
import { type DemoTeam, seedDemoTeam } from './seed/demo-team';
import { seedDemoWatchlist } from './seed/demo-watchlist';

export const DEMO_ADMIN_EMAIL = 'admin@dealmachine.example';

/** What start-up created and must be told to the operator once (never logged, printed to stdout). */
export interface BootstrapReport {
  createdAdmins: { email: string; password: string | null }[];
  uploadPassword: string | null;
  demo: DemoSeedResult;
  /** The demo dealership's team accounts and their generated password (first start only). */
  demoTeam: DemoTeam | null;
  /** Stored grades re-computed because the grade rule table changed (null: they were current). */
  regrade: RegradeResult | null;
}

export interface BootstrapOptions {
  /**
   * argon2 hashes already made by hashPassword, by password: a configured ADMIN_PASSWORD found here
   * is stored with its hash rather than hashed once more (argon2 is the slow step of a start). The
   * unit tests pass their fixed passwords' hashes, made and verified once per run
   * (server/test/global-setup.ts); a start never does.
   */
  passwordHashes?: ReadonlyMap<string, string>;
}

/**
 * Runs on every start after migrations; each step only acts when its data is missing, so the
 * second start changes nothing and prints nothing.
 */
export async function bootstrap(
  db: Database,
  config: Config,
  options: BootstrapOptions = {},
): Promise<BootstrapReport> {
  const wasEmpty = await isDatabaseEmpty(db);
  const createdAdmins = await ensureAdmins(db, config, options.passwordHashes);
  const uploadPassword = await ensureUploadPassword(db, config);
  const demo =
    config.seedDemo && wasEmpty
      ? await seedDemoData(db, premiumCertification(config.brand))
      : { seeded: false };
  let demoTeam: DemoTeam | null = null;
  if (demo.seeded) {
    await seedDemoNotifications(db);
    demoTeam = await seedDemoTeam(db);
    // Sales at every step after Buy Now, each bought with its reconditioning package (its charge
    // and its work order, in every state: done before the pickup, in progress and late, not
    // started, cancelled): payment, title, pickup, a claim, an unwind request.
    await seedDemoSales(db);
    // Photos go through the real pipeline into DATA_DIR/photos (or the bucket, ADR 0014), and
    // condition reports with grades.
    const storage = config.objectStorage ? await ObjectStorage.create(config.objectStorage) : null;
    await storage?.checkAccess();
    const photos = await createPhotoStore(config, {
      db,
      ...(storage ? { storage: new S3MediaStorage(storage, undefined) } : {}),
      log: () => {},
    });
    await seedDemoPhotos(db, photos);
    // Buy orders in every state, matched against the published cars (graded by now).
    await seedDemoBuyOrders(db, config.transport.lotZip);
    // Favorites and watched cars: the teamless demo dealer's and each team member's own.
    await seedDemoWatchlist(db);
    // Certified delivery and floor plan: a car in transit paid by a line, one waiting for the lender.
    await seedDemoDelivery(db, config);
    // Six months of past sales to dealerships of their own, so the market guide shows (issue #33).
    await seedDemoSalesHistory(db);
  }
  // New sales are made under the configured terms (each sale keeps its own copy).
  await db
    .insert(appSettings)
    .values({ key: SALE_TERMS_SETTING, value: JSON.stringify(config.saleTerms) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: JSON.stringify(config.saleTerms) } });
  // …with the guarantee of the car's certification level (docs/decisions/0040-guarantee-clock.md).
  await db
    .insert(appSettings)
    .values({ key: GUARANTEE_TERMS_SETTING, value: JSON.stringify(config.guaranteeTerms) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: JSON.stringify(config.guaranteeTerms) } });
  // A changed grade rule table re-grades every stored report (docs/design.md §7), once, audited.
  const regrade = await regradeVehicles(db);
  // Paid flags stored before later charges kept them true: the ledger's answer, once (paid-flags.ts).
  await reconcilePaidFlags(db);
  return { createdAdmins, uploadPassword, demo, demoTeam, regrade };
}

/** The allow-list lives in admin_users; ADMIN_EMAILS adds to it, and a first admin always exists. */
async function ensureAdmins(db: Database, config: Config, passwordHashes?: ReadonlyMap<string, string>) {
  const [existing] = await db.select({ n: count() }).from(adminUsers);
  const emails = config.adminEmails.length > 0 ? config.adminEmails : existing?.n ? [] : [DEMO_ADMIN_EMAIL];
  // An admin already on the list keeps its password: nothing to hash for it (argon2 is the slow
  // step of a start, and a restart would otherwise hash every configured admin's password again).
  const lowerEmail = sql<string>`lower(${adminUsers.email})`;
  const wanted = emails.map((email) => email.toLowerCase());
  const rows =
    wanted.length === 0
      ? []
      : await db.select({ email: lowerEmail }).from(adminUsers).where(inArray(lowerEmail, wanted));
  const listed = new Set(rows.map((row) => row.email));
  const created: BootstrapReport['createdAdmins'] = [];
  for (const email of emails) {
    if (listed.has(email.toLowerCase())) continue;
    const password = config.adminPassword ?? generatePassword();
    const [row] = await db
      .insert(adminUsers)
      .values({ email, passwordHash: passwordHashes?.get(password) ?? (await hashPassword(password)) })
      .onConflictDoNothing()
      .returning({ email: adminUsers.email });
    if (row) created.push({ email: row.email, password: config.adminPassword ? null : password });
  }
  return created;
}

/** With UPLOAD_PASSWORD unset, a password is generated once and only its hash is kept. */
async function ensureUploadPassword(db: Database, config: Config): Promise<string | null> {
  if (config.uploadPassword) return null;
  const [row] = await db
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(eq(appSettings.key, UPLOAD_PASSWORD_SETTING));
  if (row) return null;
  const password = generatePassword();
  const inserted = await db
    .insert(appSettings)
    .values({ key: UPLOAD_PASSWORD_SETTING, value: await hashPassword(password), updatedAt: sql`now()` })
    .onConflictDoNothing()
    .returning();
  return inserted.length > 0 ? password : null;
}
