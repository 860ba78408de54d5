import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS } from '../src/db/client';
import { hashPassword, verifyPassword } from '../src/modules/auth/passwords';
import { MEMBER_PASSWORD } from './factories';
import { adminQuery, dropDatabase, templateDatabaseName, withDatabase } from './pg-admin';
import { TEST_ACCOUNTS } from './sessions';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** A directory of this run's: test data directories go in it, and it is removed at the end. */
    testScratchDir: string;
    testDatabaseUrl: string;
    testTemplateDatabase: string;
    /** The fixed test passwords' argon2 hashes, by password (sessions.ts testPasswordHashes). */
    testPasswordHashes: Record<string, string>;
  }
}

/**
 * The passwords every file stores again and again: the admin's (bootstrap, createBootstrappedApp)
 * and the team members' (factories' insertMember). Hashed once per run, beside the migrations.
 */
const FIXED_TEST_PASSWORDS = [TEST_ACCOUNTS.adminPassword, MEMBER_PASSWORD];

/** Each fixed password's hash, made by the app's hashPassword and checked with its verifyPassword. */
async function hashFixedPasswords(): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const password of FIXED_TEST_PASSWORDS) {
    const hash = await hashPassword(password);
    if (!(await verifyPassword(hash, password))) throw new Error('a test password hash does not verify');
    hashes[password] = hash;
  }
  return hashes;
}

/**
 * Migrates the schema once per run: into a PGlite data-dir snapshot (each test file loads a copy,
 * far cheaper than initdb + migrations), or into a template database on PostgreSQL when
 * TEST_DATABASE_URL is set (each test file gets CREATE DATABASE … TEMPLATE). Meanwhile, on argon2's
 * own thread, hashes the fixed test passwords once for every file.
 */
export default async function setup(project: TestProject) {
  const hashes = hashFixedPasswords();
  // Awaited below, where a failure throws; until then it must not count as unhandled.
  hashes.catch(() => {});
  const scratch = mkdtempSync(join(tmpdir(), 'app-test-'));
  project.provide('testScratchDir', scratch);
  const removeScratch = () => rmSync(scratch, { recursive: true, force: true });
  const testDatabaseUrl = process.env.TEST_DATABASE_URL ?? '';
  project.provide('testDatabaseUrl', testDatabaseUrl);
  if (testDatabaseUrl) {
    const template = templateDatabaseName(process.pid);
    await dropDatabase(testDatabaseUrl, template);
    await adminQuery(testDatabaseUrl, `CREATE DATABASE "${template}"`);
    const handle = await openDatabase({ databaseUrl: withDatabase(testDatabaseUrl, template) });
    await handle.migrate();
    await handle.close();
    project.provide('testTemplateDatabase', template);
    project.provide('pgliteSnapshotPath', '');
    project.provide('testPasswordHashes', await hashes);
    return async () => {
      removeScratch();
      await dropDatabase(testDatabaseUrl, template);
    };
  }
  project.provide('testTemplateDatabase', '');
  const client = await PGlite.create(PGLITE_OPTIONS);
  const handle = await openDatabase({ pglite: client });
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const path = join(scratch, 'migrated.tar');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotPath', path);
  project.provide('testPasswordHashes', await hashes);
  return removeScratch;
}
