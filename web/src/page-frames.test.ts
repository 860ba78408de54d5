import { describe, expect, it } from 'vitest';

/**
 * Two frames and one kit (docs/conventions.md): the site's frame holds the one <main>, every other
 * page's <h1> comes from PageFrame, and placeholders pulse only in the kit of a read's states.
 * A new page or list that writes its own is pointed back to them.
 */
const sources = import.meta.glob<string>(['./**/*.tsx'], { query: '?raw', import: 'default', eager: true });

/** The files (web/src/…) whose code matches `pattern`. */
const filesWith = (pattern: RegExp) =>
  Object.entries(sources)
    .filter(([, text]) => pattern.test(text))
    .map(([key]) => key.replace(/^\.\//, ''))
    .sort();

describe('page frames and the kit of a read’s states', () => {
  it('has one <main>, in the site frame', () => {
    expect(filesWith(/<main\b/)).toEqual(['app/layout/site-layout.tsx']);
  });

  it('gives every page its <h1> through PageFrame (the landing hero and a vehicle’s page title their own)', () => {
    expect(filesWith(/<h1\b/)).toEqual([
      'components/page-frame.tsx',
      'features/landing/landing-page.tsx',
      'features/vehicle/components/vehicle-details.tsx',
    ]);
  });

  it('pulses placeholders only in the kit (and an upload of unknown size)', () => {
    expect(filesWith(/\banimate-pulse\b/)).toEqual([
      'components/media/upload-progress.tsx',
      'components/ui/placeholders.tsx',
    ]);
  });
});
