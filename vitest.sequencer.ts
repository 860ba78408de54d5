import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how long each slow test file takes on the 2-core CI machine, in seconds, as a fresh-clone
 * `.ci/run` measured it: `node scripts/usual-seconds.mjs` writes vitest.durations.json from that
 * run's reports. A file not listed counts as short. A stale figure only makes a run a little longer.
 */
const USUAL_SECONDS = JSON.parse(
  readFileSync(new URL('./vitest.durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

/**
 * Longest files first, so that the last file to finish on one worker is a short one while the other
 * worker idles. Vitest does this itself from the durations it cached on an earlier run; a fresh
 * clone has none (it then starts the largest files by size, which put the 108 s accessibility
 * journey last: 485 s for the journeys where the work was ~330 s per worker). Where a project has a
 * file without a cached duration, its files are ordered by USUAL_SECONDS instead.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const path = (spec: TestSpecification) => relative(root, spec.moduleId);
    const cached = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${path(spec)}`) !== undefined;
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      const group = groups.get(spec.project.name) ?? [];
      group.push(spec);
      groups.set(spec.project.name, group);
    }
    return [...groups.values()].flatMap((group) =>
      group.every(cached)
        ? group
        : group
            .map((spec, index) => ({ spec, index, seconds: USUAL_SECONDS[path(spec)] ?? 0 }))
            .sort((a, b) => b.seconds - a.seconds || a.index - b.index)
            .map(({ spec }) => spec),
    );
  }
}
