import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, PGLITE_OPTIONS } from '../src/db/client';
import { adminQuery, dropDatabase, templateDatabaseName, withDatabase } from './pg-admin';

declare module 'vitest' {
  interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** A directory of this run's: test data directories go in it, and it is removed at the end. */
    testScratchDir: string;
    testDatabaseUrl: string;
    testTemplateDatabase: string;
  }
}

/**
 * Migrates the schema once per run: into a PGlite data-dir snapshot (each test file loads a copy,
 * far cheaper than initdb + migrations), or into a template database on PostgreSQL when
 * TEST_DATABASE_URL is set (each test file gets CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
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
  return removeScratch;
}
