/**
 * The previous release's build, for benchmarks that print today's figures beside it in the same run
 * (a noisy machine then weighs on both alike). A release is a `release-*` git tag; the newest one
 * that is not the checked-out commit is the previous release, or BENCH_BASELINE names any git ref
 * (BENCH_BASELINE=none: no comparison). It is checked out in a temporary worktree that shares this
 * checkout's node_modules and built there with its own `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

function git(...args: string[]) {
  const run = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

/** The ref of the previous release, or null when there is none (or BENCH_BASELINE=none). */
export function previousReleaseRef(): string | null {
  const named = process.env.BENCH_BASELINE;
  if (named === 'none') return null;
  if (named) return named;
  const head = git('rev-parse', 'HEAD');
  const tags = git('tag', '--list', 'release-*', '--sort=-creatordate', '--merged', 'HEAD').split('\n');
  return tags.find((tag) => tag && git('rev-list', '-n', '1', tag) !== head) ?? null;
}

export interface BuiltRelease {
  ref: string;
  /** The worktree holding its sources and its build (dist/). */
  dir: string;
  remove(): void;
}

/** Checks `ref` out beside this checkout and builds it as `npm run build` does; throws if the build fails. */
export function buildRelease(ref: string): BuiltRelease {
  const dir = join(mkdtempSync(join(tmpdir(), 'bench-release-')), 'checkout');
  git('worktree', 'add', '--detach', dir, ref);
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
    rmSync(join(dir, '..'), { recursive: true, force: true });
  };
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const built = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error(`building ${ref} failed`);
  } catch (error) {
    remove();
    throw error;
  }
  return { ref, dir, remove };
}
