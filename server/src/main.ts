import { passkeyReadyUrl } from '@contracts/teams';
import { buildApp } from './app';
import { type BootstrapReport, bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { errorSummary } from './lib/loggable-error';

function printFirstStart(report: BootstrapReport, url: string) {
  const lines: string[] = [];
  for (const admin of report.createdAdmins) {
    lines.push(`Admin sign-in (${url}/admin/login): ${admin.email}`);
    if (admin.password) lines.push(`  password: ${admin.password}`);
  }
  if (report.uploadPassword) lines.push(`Staff upload password (${url}/upload): ${report.uploadPassword}`);
  if (report.demo.dealer) {
    lines.push(
      `Demo dealer (${url}/dealer/login): ${report.demo.dealer.dealerName}, buy code ${report.demo.dealer.buyCode}`,
    );
  }
  if (report.demoTeam) {
    lines.push(
      `Demo team of ${report.demoTeam.dealerName} (${url}/dealer/sign-in): ${report.demoTeam.emails.join(', ')}`,
      `  password (all three): ${report.demoTeam.password}`,
    );
  }
  if (lines.length === 0) return;
  const bar = '-'.repeat(72);
  process.stdout.write(
    `\n${bar}\nFirst start: keep these, they are not shown again.\n${lines.join('\n')}\n${bar}\n\n`,
  );
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  await database.migrate();
  const report = await bootstrap(database.db, config);
  const app = await buildApp({ config, database });
  if (report.regrade?.from != null)
    app.log.info(report.regrade, 'grade rule table changed: stored grades re-computed (see the audit log)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    app.markShuttingDown();
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ host: config.host, port: config.port });
  const shown = address.replace('[::1]', 'localhost');
  printFirstStart(report, shown);
  process.stdout.write(`${config.brand.productName} is running at ${shown}\n`);
  // Browsers refuse passkeys on an IP address: say where they work (PUBLIC_ORIGIN, else localhost).
  const passkeys = config.publicOrigin ?? passkeyReadyUrl(address);
  if (passkeys && passkeys !== shown) process.stdout.write(`Passkeys work at ${passkeys}\n`);
}

main().catch((error: unknown) => {
  // Start-up writes admin e-mails and password hashes: a failed query's values stay out of stderr.
  process.stderr.write(`Could not start: ${errorSummary(error)}\n`);
  process.exit(1);
});
