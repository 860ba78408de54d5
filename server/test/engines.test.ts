import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * package.json promises a Node version (`engines.node`, README, docs/stack.md) and CI runs the
 * oldest one it allows. A dependency whose own `engines.node` excludes that version can still work
 * there today, and then stop at its next patch: so every package in the lockfile must accept the
 * project's minimum, or the minimum goes up on purpose. When one does not, pin its last release that
 * does (a direct dependency), or name it under `overrides` for the parent that brings it in (a
 * transitive one), as docs/stack.md records.
 */
const ROOT = new URL('../..', import.meta.url).pathname;

/** The two functions of semver (a devDependency, which ships no types) this check needs. */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface Lockfile {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(`${ROOT}/${file}`, 'utf8')) as T;

/** Each locked package whose engines.node refuses `minimum`, as 'path@version needs node <range>'. */
function refusing(lockfile: Lockfile, minimum: string): string[] {
  return Object.entries(lockfile.packages).flatMap(([path, entry]) => {
    const range = entry.engines?.node;
    if (!path || !range || semver.satisfies(minimum, range)) return [];
    return [`${path.replace(/^.*node_modules\//, '')}@${entry.version} (${path}) needs node ${range}`];
  });
}

describe('engines', () => {
  const range = readJson<{ engines: { node: string } }>('package.json').engines.node;
  const minimum = semver.minVersion(range)?.version ?? '';

  it("every locked package runs on the project's oldest Node", () => {
    expect(minimum).toMatch(/^\d+\.\d+\.\d+$/);
    expect(refusing(readJson<Lockfile>('package-lock.json'), minimum)).toEqual([]);
  });

  it('runs on a Node the project allows', () => {
    expect(semver.satisfies(process.version, range), `${process.version} against ${range}`).toBe(true);
  });

  it('names a package that needs a newer Node, and passes one that needs an older or the same', () => {
    const lockfile: Lockfile = {
      packages: {
        '': { version: '0.1.0', engines: { node: '>=20.19.0' } },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/@fastify/cookie/node_modules/cookie': { version: '1.1.1', engines: { node: '>=18' } },
        'node_modules/vite': { version: '8.3.8', engines: { node: '^20.19.0 || >=22.12.0' } },
        'node_modules/lru-cache': { version: '11.5.3', engines: { node: '20 || >=22' } },
        'node_modules/pdf-lib': { version: '1.17.1' },
      },
    };
    expect(refusing(lockfile, '20.19.0')).toEqual(['cookie@2.0.2 (node_modules/cookie) needs node >=22']);
  });
});
