import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migratedDataDir, scratchDir } from '../../test/scratch';
import { openDatabase } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

/** One process at a time on an embedded database directory (PGlite cannot share its files). */
describe('the embedded database directory lock', () => {
  it('refuses a second open in this process until the first is closed', async () => {
    const dir = join(migratedDataDir('lock-here-'), 'db');
    const first = await openDatabase({ dataDir: dir });
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow('is already open in this process');
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const release = lockDataDir(dir);
    release();
  }, 60_000);

  it('refuses while another running process holds it, and takes over a lock whose process has ended', async () => {
    const dir = join(scratchDir('lock-other-'), 'db');
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${dir}.lock`, `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`in use by another process (pid ${other.pid}`);
    } finally {
      const ended = new Promise((done) => other.once('exit', done));
      other.kill();
      await ended;
    }
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
