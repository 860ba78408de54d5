import { describe, expect, it } from 'vitest';

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

describe('feature boundaries', () => {
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
