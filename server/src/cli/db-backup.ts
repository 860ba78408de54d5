import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { PGLITE_OPTIONS } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { errorSummary } from '../lib/loggable-error';

/**
 * npm run db:backup -- <file>             copy of the embedded database (DATA_DIR/db) to a .tar.gz
 * npm run db:restore -- <file> [--force]  replace the embedded database with a backup
 * The app must be stopped (PGlite is used by one process at a time: both refuse while it holds the
 * directory, db/data-dir-lock.ts). For PostgreSQL use
 * pg_dump / pg_restore (docs/operations.md).
 */
async function main() {
  const [command, file, ...flags] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('Usage: npm run db:backup -- <file>   |   npm run db:restore -- <file> [--force]');
  }
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see docs/operations.md).');
  const target = resolve(file);
  const release = lockDataDir(config.pgliteDir);
  try {
    await run(command, target, config.pgliteDir, flags);
  } finally {
    release();
  }
}

async function run(command: 'backup' | 'restore', target: string, pgliteDir: string, flags: string[]) {
  if (command === 'backup') {
    if (!existsSync(pgliteDir)) throw new Error(`No embedded database at ${pgliteDir}`);
    const db = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: pgliteDir });
    const dump = await db.dumpDataDir('gzip');
    await db.close();
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
    process.stdout.write(`Backed up ${pgliteDir} to ${target}\n`);
    return;
  }

  if (!existsSync(target)) throw new Error(`No backup at ${target}`);
  const occupied = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
  if (occupied && !flags.includes('--force')) {
    throw new Error(
      `${pgliteDir} already holds a database; add --force to replace it (it is kept as ${pgliteDir}.before-restore).`,
    );
  }
  // Restore into a fresh directory first, so a bad backup never leaves a half-written database.
  const staging = `${pgliteDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const db = await PGlite.create({
    ...PGLITE_OPTIONS,
    dataDir: staging,
    loadDataDir: new Blob([readFileSync(target)]),
  });
  await db.query('select 1');
  await db.close();
  if (occupied) {
    rmSync(`${pgliteDir}.before-restore`, { recursive: true, force: true });
    renameSync(pgliteDir, `${pgliteDir}.before-restore`);
  }
  renameSync(staging, pgliteDir);
  process.stdout.write(`Restored ${target} into ${pgliteDir}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${errorSummary(error)}\n`);
  process.exit(1);
});
