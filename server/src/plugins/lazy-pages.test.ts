import { readFileSync } from 'node:fs';
import { LAZY_PAGE_MODULES, PAGE_PATHS } from '@contracts/routes';
import { describe, expect, it } from 'vitest';

// The server preloads each lazy page's chunk from LAZY_PAGE_MODULES; it must name what the router loads.
describe('lazy pages', () => {
  it('are exactly the modules the router imports lazily, one per route component', () => {
    const source = readFileSync(new URL('../../../web/src/app/router.tsx', import.meta.url), 'utf8');
    const imported = [...source.matchAll(/const (\w+) = lazy\(\(\) => import\('@\/([^']+)'\)\)/g)].map(
      ([, component, path]) => ({ component: component!, module: `src/${path}.tsx` }),
    );
    expect(imported.map((i) => i.module).sort()).toEqual(Object.values(LAZY_PAGE_MODULES).sort());
    for (const [page, module] of Object.entries(LAZY_PAGE_MODULES)) {
      const component = imported.find((i) => i.module === module)?.component;
      // The route of this page key renders the component loaded from this module.
      expect(source, page).toMatch(new RegExp(`path=\\{PAGE_PATHS\\.${page}\\}[^\\n]*${component}`));
      expect(PAGE_PATHS).toHaveProperty(page);
    }
  });
});
