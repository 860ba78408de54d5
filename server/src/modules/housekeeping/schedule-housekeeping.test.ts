import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { DbHandle } from '../../db/client';
import { sessions } from '../../db/schema';
import { scheduleHousekeeping } from './schedule-housekeeping';

type LogLine = { level: number; msg: string; deleted?: Record<string, number>; err?: unknown };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A Fastify app whose JSON log lines are collected, with housekeeping scheduled at once. */
async function scheduledApp(database: DbHandle, { ownsDatabase = true } = {}) {
  const lines: LogLine[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
  });
  const uploadsDir = mkdtempSync(join(tmpdir(), 'housekeeping-schedule-'));
  scheduleHousekeeping(
    app,
    database,
    { uploadsDir, photos: { uploadsDir: join(uploadsDir, 'photo-uploads'), deleteFiles: async () => {} } },
    { firstRunDelayMs: 1, intervalMs: 60_000 },
  );
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    // A database the test closed itself must not be closed twice (pg's pool refuses).
    if (ownsDatabase) await database.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });
  return lines;
}

describe('scheduled housekeeping', () => {
  it('runs shortly after start and logs what it deleted at info level', async () => {
    const database = await createTestDatabase();
    await database.db.insert(sessions).values({
      tokenHash: 'expired',
      role: 'staff',
      proof: 'staff_password',
      expiresAt: sql`now() - interval '1 minute'`,
    });
    const lines = await scheduledApp(database);
    await vi.waitFor(() => expect(lines.find((l) => l.deleted)).toBeDefined(), { timeout: 5000 });
    expect(lines.find((l) => l.deleted)).toMatchObject({ level: 30, deleted: { sessions: 1, uploads: 0 } });
  });

  it('logs a failed pass as a warning instead of crashing', async () => {
    const database = await createTestDatabase();
    await database.close();
    const lines = await scheduledApp(database, { ownsDatabase: false });
    // The job's row could not be recorded at start either: each is a warning of its own.
    const failed = () => lines.find((l) => l.msg === 'housekeeping pass failed');
    await vi.waitFor(() => expect(failed()).toBeDefined(), { timeout: 5000 });
    expect(failed()).toMatchObject({ level: 40 });
    expect(lines.filter((l) => l.level > 40)).toEqual([]);
  });
});
