import { describe, expect, it } from 'vitest';
import { loadInSteps } from './load-in-steps';

describe('loadInSteps', () => {
  it('asks each step once the one before has settled, once for every caller, passing a failed step over', async () => {
    const log: string[] = [];
    let openFirst!: () => void;
    const first = new Promise<void>((resolve) => {
      openFirst = resolve;
    });
    const start = loadInSteps([
      () => {
        log.push('asked first');
        return first.then(() => log.push('first ran'));
      },
      () => {
        log.push('asked failing');
        return Promise.reject(new Error('chunk not found'));
      },
      () => {
        log.push('asked last');
        return Promise.resolve();
      },
    ]);
    const a = start();
    const b = start();
    expect(a).toBe(b);
    await Promise.resolve();
    // The second step is not asked while the first is on its way.
    expect(log).toEqual(['asked first']);
    openFirst();
    await a;
    expect(log).toEqual(['asked first', 'first ran', 'asked failing', 'asked last']);
    await start();
    expect(log).toHaveLength(4);
  });
});
