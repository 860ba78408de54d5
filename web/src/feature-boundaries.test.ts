import { describe, expect, it } from 'vitest';
import biomeImports from '../../biome.imports.jsonc?raw';

/**
 * Features stay independent (bulletproof-react's rule): a file under web/src/features/<a>/ never
 * imports from web/src/features/<b>/, and shared code (components/, lib/) never imports a feature.
 * Only app/ (the router) puts features together. What more than one feature needs moves to
 * components/ or lib/.
 */

/** Every source file under web/src as text, keyed './features/admin/…' (Vite reads them). */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every module specifier: static imports and re-exports, side-effect imports and import(). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
const ROOT = 'file:///src/';

/** 'features/<name>' for a feature's file, else its top folder under web/src ('components', 'lib', 'app'). */
function area(path: string): string {
  const [top, feature] = path.split('/');
  return top === 'features' ? `features/${feature}` : (top ?? '');
}

/** Where a specifier points, relative to web/src, or null for packages and @contracts. */
function target(path: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (!specifier.startsWith('.')) return null;
  const url = new URL(specifier, ROOT + path).href;
  return url.startsWith(ROOT) ? url.slice(ROOT.length) : null;
}

function boundaryViolations(files: Record<string, string>): string[] {
  const violations: string[] = [];
  for (const [key, text] of Object.entries(files)) {
    const path = key.replace(/^\.\//, '');
    const from = area(path);
    if (from === 'app') continue;
    text.split('\n').forEach((line, index) => {
      for (const [, specifier = ''] of line.matchAll(SPECIFIER)) {
        const to = target(path, specifier);
        const toArea = to === null ? null : area(to);
        if (toArea?.startsWith('features/') && toArea !== from) {
          violations.push(`web/src/${path}:${index + 1} imports '${specifier}' (${toArea})`);
        }
      }
    });
  }
  return violations;
}

/** Shared code stays below the features and components: lib/ imports neither. */
function upwardImports(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([key, text]) => {
    const path = key.replace(/^\.\//, '');
    if (area(path) !== 'lib') return [];
    return [...text.matchAll(SPECIFIER)]
      .map(([, specifier = '']) => ({ specifier, to: target(path, specifier) }))
      .filter(({ to }) => to !== null && ['components', 'features'].includes(area(to).split('/')[0]!))
      .map(({ specifier }) => `web/src/${path} imports '${specifier}'`);
  });
}

interface BiomeOverride {
  includes: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { options?: { paths?: unknown; patterns?: unknown } } } };
  };
}

const restriction = (override: BiomeOverride) => override.linter?.rules?.style?.noRestrictedImports?.options;

/**
 * The same boundaries as Biome rules (biome.imports.jsonc's overrides for web/src), so the editor and
 * `npm run lint` refuse an import across them as it is typed. Biome reads the specifier as written:
 * every spelling that names the folder ('@/features/admin/…', '../../features/admin/…') is caught;
 * a relative one that does not ('../vehicle/…' from features/admin/) is left to the tests above.
 * A later override replaces an earlier one's options for the rule, so each of these carries the zod
 * paths of the override for all of web/src as well, and comes after it.
 */
function biomeOverrides(features: string[], zodPaths: unknown): BiomeOverride[] {
  const rule = (group: string[], message: string, paths: unknown = zodPaths) => ({
    linter: {
      rules: {
        style: {
          noRestrictedImports: {
            level: 'error',
            options: { ...(paths ? { paths } : {}), patterns: [{ group, message }] },
          },
        },
      },
    },
  });
  const shared = ['**/components', '**/components/**', '**/features', '**/features/**'];
  const fromLib =
    'lib/ is shared code below components/ and features/: it imports neither (web/src/feature-boundaries.test.ts).';
  const overrides: BiomeOverride[] = [
    { includes: ['web/src/lib/**', '!web/src/lib/zod.ts', '!**/*.test.ts'], ...rule(shared, fromLib) },
    { includes: ['web/src/lib/zod.ts'], ...rule(shared, fromLib, null) },
    {
      includes: ['web/src/components/**', '!**/*.test.ts'],
      ...rule(
        ['**/features', '**/features/**'],
        'components/ is shared by the features: it imports none (web/src/feature-boundaries.test.ts).',
      ),
    },
    ...features.map((feature) => ({
      includes: [`web/src/features/${feature}/**`, '!**/*.test.ts'],
      ...rule(
        ['**/features/**', `!**/features/${feature}`, `!**/features/${feature}/**`],
        `features/${feature} imports no other feature: what two features share goes to components/ or lib/ (web/src/feature-boundaries.test.ts).`,
      ),
    })),
  ];
  return overrides.sort((a, b) => a.includes[0]!.localeCompare(b.includes[0]!));
}

describe('feature boundaries', () => {
  // Loops of imports between files are the linter's (biome.json's noImportCycles, checked in
  // server/src/module-graph.test.ts): one finder for the whole repository.
  it('lib/ imports no component', () => {
    expect(upwardImports(sources)).toEqual([]);
  });

  it('finds an upward import when there is one', () => {
    const files = {
      './lib/d.ts': "import { Button } from '@/components/ui/button';",
      './components/ui/button.tsx': '',
    };
    expect(upwardImports(files)).toEqual(["web/src/lib/d.ts imports '@/components/ui/button'"]);
  });

  it('is what biome.imports.jsonc enforces as the code is written (the same boundaries as lint rules)', () => {
    const withoutComments = biomeImports.replace(/^\s*\/\/.*$/gm, '');
    const { overrides } = JSON.parse(withoutComments) as { overrides: BiomeOverride[] };
    const zod = overrides.findIndex((o) => o.includes.includes('web/src/**'));
    const features = [
      ...new Set(Object.keys(sources).flatMap((key) => /^\.\/features\/([^/]+)\//.exec(key)?.[1] ?? [])),
    ].sort();
    const expected = biomeOverrides(features, restriction(overrides[zod]!)?.paths);
    const actual = overrides.filter(
      (o, index) => index !== zod && o.includes[0]?.startsWith('web/src/') && restriction(o)?.patterns,
    );
    // On a mismatch, the message is the overrides to paste in place of biome.imports.jsonc's web/src ones.
    expect(actual, JSON.stringify(expected, null, 2)).toEqual(expected);
    expect(overrides.indexOf(actual[0]!)).toBeGreaterThan(zod);
  });

  it('finds the source files', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(Object.keys(sources)).toContain('./features/admin/admin-page.tsx');
  });

  it('no feature imports another feature, and components/ and lib/ import none', () => {
    const violations = boundaryViolations(sources);
    if (violations.length) console.error(`Cross-feature imports:\n${violations.join('\n')}`);
    expect(violations).toEqual([]);
  });

  it('recognises a cross-feature import in every spelling', () => {
    expect(
      boundaryViolations({
        './features/admin/a.tsx': [
          "import { x } from '../vehicle/vehicle-page';",
          "const y = import('@/features/dealer/dealer-login-page');",
          "import { z } from './components/fields';",
          "import { w } from '@/features/admin/admin-page';",
        ].join('\n'),
        './lib/b.ts': "export { z } from '@/features/upload/wizard-state';",
        './app/router.tsx': "import('@/features/admin/admin-page');",
      }),
    ).toEqual([
      "web/src/features/admin/a.tsx:1 imports '../vehicle/vehicle-page' (features/vehicle)",
      "web/src/features/admin/a.tsx:2 imports '@/features/dealer/dealer-login-page' (features/dealer)",
      "web/src/lib/b.ts:1 imports '@/features/upload/wizard-state' (features/upload)",
    ]);
  });
});
