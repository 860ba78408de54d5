import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../server/test/pg-admin';
import { type SpawnedServer, spawnServer } from '../../server/test/spawn-server';

export const E2E_ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' } as const;
export const E2E_UPLOAD_PASSWORD = 'e2e-upload-password';

/** What every journey's server is started with (the cluster journey's instances too). */
export const JOURNEY_ENV = {
  // The journeys expect the demo marketplace, on PostgreSQL too (where it is off unless asked for).
  SEED_DEMO: 'true',
  // The first start's 80 past sales only: the demo-history job's 3,000 are sales-history.test's.
  DEMO_HISTORY_SALES: '0',
  ADMIN_EMAILS: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  UPLOAD_PASSWORD: E2E_UPLOAD_PASSWORD,
  // Journeys sign in many times from one address; the limit itself is proven by the API tests.
  SIGN_IN_RATE_LIMIT: '1000',
  CODE_GUESS_ADDRESS_PER_DAY: '100000',
  CODE_GUESS_GLOBAL_PER_MINUTE: '100000',
  CODE_GUESS_GLOBAL_PER_DAY: '100000',
} as const;

/** The demo dealer a first start printed (name and buy code), or null. */
export const demoDealerIn = (output: string) => {
  const demo = /Demo dealer \([^)]*\): (.+), buy code ([A-Z0-9]{4})/.exec(output);
  return demo ? { dealerName: demo[1]!, buyCode: demo[2]! } : null;
};

/**
 * A data directory the demo was seeded into once per run (e2e/support/global-setup.ts makes it: a
 * first start with JOURNEY_ENV, stopped cleanly), and what that first start printed. A journey's
 * server on PGlite with the default environment starts from a copy of it: ~3 s instead of ~18 s of
 * seeding (22 photos through sharp, argon2 hashes), the same data.
 */
export interface DemoTemplate {
  dataDir: string;
  demoDealer: { dealerName: string; buyCode: string };
  demoOwner: { email: string; password: string };
}

declare module 'vitest' {
  interface ProvidedContext {
    demoTemplate: DemoTemplate;
    /** A data directory started once with SEED_DEMO=false: migrated, the journeys' admin, no data. */
    emptyTemplateDir: string;
  }
}

/**
 * What an empty start (SEED_DEMO=false) may add and still start from the empty template: anything
 * but the accounts the template's start made and where the data lives, which a first start reads.
 */
const EMPTY_TEMPLATE_FRESH_ONLY = /^(ADMIN_|UPLOAD_PASSWORD|DATABASE_URL|DATA_DIR|S3_)/;

/**
 * What a journey may add to JOURNEY_ENV and still start from the template: settings the seed does
 * not read. The VIN decoder and the video host are only called by requests. The mail and SMS
 * transports and the sender's timing decide how messages leave: the seeded messages still queued
 * in the template go out through them as at a first start with that transport (those the
 * template's own start settled stay settled), and every message a journey causes goes through them. Anything else starts fresh:
 * SEED_DEMO=false, object storage (where the seeded photos are), the sheet sync.
 */
const TEMPLATE_NEUTRAL_ENV = new Set([
  'VPIC_BASE_URL',
  'CLOUDINARY_URL',
  'CLOUDINARY_API_BASE',
  'SMTP_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_FROM',
  'TWILIO_API_BASE',
  'NOTIFICATION_INTERVAL_MS',
  'NOTIFICATION_RETRY_BASE_MS',
]);

export interface RunningServer extends SpawnedServer {
  /** The demo dealer the first start printed, when the demo data was seeded. */
  demoDealer: { dealerName: string; buyCode: string } | null;
  /** The demo team's owner (e-mail and the generated password the first start printed). */
  demoOwner: { email: string; password: string } | null;
  /** The PostgreSQL database it runs on (null on PGlite), for a second instance to share. */
  databaseUrl: string | null;
  /** Its data directory (the media files): a second instance shares it as a shared volume. */
  dataDir: string;
}

export interface StartOptions {
  /**
   * Run on a new database of the PostgreSQL server TEST_DATABASE_URL names (the `.pg.e2e.ts`
   * journeys: several instances on one database). Every other journey runs on the embedded
   * database, whether TEST_DATABASE_URL is set or not: what a journey checks in the browser does
   * not change with the database, and the unit and API tests run on both (ADR 0021).
   */
  postgres?: boolean;
  /**
   * Run as another instance on this server's PostgreSQL database (as behind a load balancer): it
   * neither creates nor drops the database. Stop it before the first one (which drops it).
   */
  shareDatabaseOf?: RunningServer;
  /**
   * Keep the data (PGlite database, uploads) in this directory, which the caller owns and removes:
   * stopped, the app's database can be changed directly, then the app started again on it.
   */
  dataDir?: string;
  /**
   * Where a default-environment start copies its data from: by default the run's template (inside a
   * journey); null to seed from scratch (the template itself, and the servers global setup starts).
   */
  template?: DemoTemplate | null;
  /** How long the start may take (default 60 s). */
  startTimeoutMs?: number;
}

const isEmptyDir = (dir: string) => readdirSync(dir).length === 0;

/**
 * Starts the real, built app (the bundle, as `npm start` runs it after the build) through the one
 * spawn helper, on a free port with a fresh database: a copy of the run's seeded template (PGlite,
 * default environment), else an empty PGlite data directory, or a new PostgreSQL database when
 * asked (`postgres`). The demo marketplace is seeded unless `env` says SEED_DEMO=false.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  const shared = options.shareDatabaseOf;
  if (shared && !shared.databaseUrl) {
    throw new Error('A second instance needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process.');
  }
  const serverUrl = options.postgres || shared ? process.env.TEST_DATABASE_URL : undefined;
  if (options.postgres && !serverUrl)
    throw new Error('This journey needs PostgreSQL: set TEST_DATABASE_URL.');
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const fromScratch = serverUrl || options.template === null || !isEmptyDir(dataDir);
  const keys = Object.keys(env);
  const template =
    !fromScratch && keys.every((key) => TEMPLATE_NEUTRAL_ENV.has(key))
      ? (options.template ?? inject('demoTemplate'))
      : null;
  // An empty marketplace starts from the empty template: the first start's initdb and migrations
  // (~10 s on a busy machine) happen once per run, not once per such journey.
  const emptyTemplateDir =
    !fromScratch && env.SEED_DEMO === 'false' && !keys.some((key) => EMPTY_TEMPLATE_FRESH_ONLY.test(key))
      ? inject('emptyTemplateDir')
      : null;
  // A copy of its own: the PGlite database and the photo files under DATA_DIR (nothing in them names
  // the directory), so what one journey changes no other sees.
  const copyFrom = template?.dataDir ?? emptyTemplateDir;
  if (copyFrom) cpSync(copyFrom, dataDir, { recursive: true });
  const pgDatabase =
    serverUrl && !shared ? await createDatabase(serverUrl, 'app_e2e', { fromTemplate: false }) : null;
  const databaseUrl = shared?.databaseUrl ?? pgDatabase?.url ?? null;
  const cleanUp = async () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (pgDatabase && serverUrl) await dropDatabase(serverUrl, pgDatabase.name);
  };
  let server: SpawnedServer;
  try {
    server = await spawnServer(
      {
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...JOURNEY_ENV,
        ...env,
      },
      { entry: 'bundle', startTimeoutMs: options.startTimeoutMs ?? 60_000 },
    );
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const team = /Demo team of [^(]+\([^)]*\): ([^,\s]+)[^\n]*\n\s*password \(all three\): (\S+)/.exec(
    server.output(),
  );
  return {
    ...server,
    demoDealer: template?.demoDealer ?? demoDealerIn(server.output()),
    demoOwner: template?.demoOwner ?? (team ? { email: team[1]!, password: team[2]! } : null),
    databaseUrl,
    dataDir,
    stop: async () => {
      const code = await server.stop();
      await cleanUp();
      return code;
    },
  };
}
