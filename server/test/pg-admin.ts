import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Helpers to create and drop throw-away databases on the PostgreSQL server of TEST_DATABASE_URL. */
export const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The migrated template of this test run: named per run, so two runs on one server (a developer's
 * and a helper's, or CI's) never drop each other's template mid-run.
 */
export const templateDatabaseName = (runId: number | string) => `app_test_template_${runId}`;
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

/** A new database: a copy of the migrated template, or empty (the app migrates it on start). */
export async function createDatabase(url: string, prefix: string, options: { fromTemplate: boolean }) {
  const name = uniqueDatabaseName(prefix);
  const template = options.fromTemplate ? ` TEMPLATE "${inject('testTemplateDatabase')}"` : '';
  await adminQuery(url, `CREATE DATABASE "${name}"${template}`);
  return { name, url: withDatabase(url, name) };
}

export const dropDatabase = (url: string, name: string) =>
  adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
