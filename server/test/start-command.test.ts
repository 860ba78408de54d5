import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './spawn-server';

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * The journeys and benchmarks start the server through spawnServer(…, 'bundle') and call that
 * "what `npm start` runs". Rather than compare package.json's text with a copy, this runs both for
 * real with `node` swapped for a recorder: `npm start` itself (its `npm run build` step skipped)
 * and the spawn helper. Each writes the directory it ran in and the arguments node got. Any drift —
 * a flag added to or dropped from either side (say the semi-space size), the allocator setting
 * (MALLOC_ARENA_MAX), another entry file, a different working directory — makes the two records differ.
 */
const shims = mkdtempSync(join(tmpdir(), 'start-command-'));
afterAll(() => rmSync(shims, { recursive: true, force: true }));

function writeScript(name: string, body: string) {
  writeFileSync(join(shims, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(shims, name), 0o755);
}
// node: record where it ran and what it was given, then exit without starting anything.
writeScript(
  'node',
  '{ pwd; echo "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX"; printf "%s\\n" "$@"; } > "$NODE_ARGS_RECORD"',
);
// npm inside the start script: skip the (slow, unrelated) build, pass anything else to the real npm.
writeScript('npm', '[ "$1 $2" = "run build" ] && exit 0\nexec "$REAL_NODE" "$REAL_NPM_CLI" "$@"');

function realNpmCli() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'npm'))) return realpathSync(join(dir, 'npm'));
  }
  throw new Error('npm is not on PATH');
}

function recordNpmStart(): string[] {
  const record = join(shims, 'npm-start.txt');
  const npmCli = realNpmCli();
  const run = spawnSync(process.execPath, [npmCli, 'start', '--silent'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${shims}${delimiter}${process.env.PATH ?? ''}`,
      NODE_ARGS_RECORD: record,
      REAL_NODE: process.execPath,
      REAL_NPM_CLI: npmCli,
    },
  });
  if (run.status !== 0 || !existsSync(record)) {
    throw new Error(`npm start ran no node (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  }
  return readFileSync(record, 'utf8').trimEnd().split('\n');
}

async function recordSpawnHelper(): Promise<string[]> {
  const record = join(shims, 'spawn-server.txt');
  // The recorder exits at once, so the helper reports that the server exited: expected here.
  await expect(
    spawnServer(
      { NODE_ARGS_RECORD: record },
      { entry: 'bundle', nodePath: join(shims, 'node'), startTimeoutMs: 10_000 },
    ),
  ).rejects.toThrow(/server exited with 0/);
  return readFileSync(record, 'utf8').trimEnd().split('\n');
}

describe('npm start', () => {
  it('runs node with the same arguments, in the same directory, as the journeys and benchmarks', async () => {
    const npmStart = recordNpmStart();
    // Not vacuous: the record is a real node command line running the built server.
    expect(realpathSync(npmStart[0]!)).toBe(realpathSync(ROOT));
    expect(npmStart.at(-1)).toBe('dist/server/main.js');
    expect(await recordSpawnHelper()).toEqual(npmStart);
  });
});
