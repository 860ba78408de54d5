import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLE_NODE_ARGS } from './spawn-server';

// The journeys and benchmarks start the server the way `npm start` does; keep the two in step.
describe('npm start', () => {
  it('runs the bundle with the node arguments the journeys and benchmarks use', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.start).toBe(`npm run build && node ${BUNDLE_NODE_ARGS.join(' ')}`);
  });
});
