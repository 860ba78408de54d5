import { formatCount } from '@contracts/number-format';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { errorSummary } from '../lib/loggable-error';
import { DEMO_HISTORY, loadDemoSalesHistory } from '../seed/demo-sales-history';

/**
 * npm run demo:history -- [total]   (default 100000)
 * Grows the demo's sales history (docs/features/market-guide.md, "Demo sales history") to `total`
 * cars sold, on the database the app is configured for (DATA_DIR's PGlite or DATABASE_URL), then
 * refreshes the guide's facts and refits it. Adds only what is missing, so running it again is
 * quick. With PGlite, stop the app first (one process opens its data directory).
 */
const USAGE = 'Usage: npm run demo:history -- [total cars sold, default 100000]';

async function main() {
  const arg = process.argv[2];
  const total = arg === undefined ? 100_000 : Number(arg.replaceAll(/[,_]/g, ''));
  if (!Number.isInteger(total) || total < DEMO_HISTORY.count || total > 1_000_000)
    throw new Error(`The total must be a whole number from ${DEMO_HISTORY.count} to 1000000.\n${USAGE}`);
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    await database.migrate();
    const started = performance.now();
    const { sales, total: held } = await loadDemoSalesHistory(database.db, total);
    process.stdout.write(
      `Demo history: ${formatCount(sales)} cars sold added, ${formatCount(held)} in all (${((performance.now() - started) / 1000).toFixed(1)} s).\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${errorSummary(error)}\n`);
  process.exit(1);
});
