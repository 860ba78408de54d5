import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * About how long each slow test file takes on the 2-core CI machine, in seconds: its tests plus
 * the start of its own server when it seeds one (a fresh-clone `.ci/run`, 2026-11-27). A file not
 * listed counts as short. Kept roughly: a stale figure only makes a run a little longer.
 */
const USUAL_SECONDS: Record<string, number> = {
  'e2e/accessibility.e2e.ts': 108,
  'e2e/upload.e2e.ts': 77,
  'e2e/inventory.e2e.ts': 73,
  'e2e/first-taps.e2e.ts': 68,
  'e2e/after-sale.e2e.ts': 64,
  'e2e/admin-offers.e2e.ts': 53,
  'e2e/insights.e2e.ts': 52,
  'e2e/admin.e2e.ts': 39,
  'e2e/market-guide.e2e.ts': 70,
  'e2e/delivery-admin.e2e.ts': 33,
  'e2e/certified-delivery.e2e.ts': 28,
  'e2e/upload-photos.e2e.ts': 37,
  'e2e/notification-preferences.e2e.ts': 35,
  'e2e/lazy-pages.e2e.ts': 32,
  'e2e/vehicle-gallery.e2e.ts': 32,
  'e2e/admin-notifications.e2e.ts': 30,
  'e2e/dealer-teams.e2e.ts': 23,
  'e2e/buy-orders.e2e.ts': 20,
  'e2e/vehicle-detail.e2e.ts': 21,
  'server/src/cli/db-backup.pglite.test.ts': 31,
  'server/src/main.pglite.test.ts': 30,
  'server/src/load-limits.pglite.test.ts': 25,
  'server/src/modules/notifications/smtp-outage.test.ts': 25,
  'server/src/bootstrap.test.ts': 22,
  'server/src/graceful-shutdown.pglite.test.ts': 20,
  'server/src/crash-safety.pglite.test.ts': 19,
  'server/src/modules/media/media-on-s3.test.ts': 17,
  'server/src/modules/notifications/outbox-crash.test.ts': 14,
  'server/src/modules/sheets-sync/sheets-sync.test.ts': 14,
  'server/src/cli/admin-create.pglite.test.ts': 13,
  'server/src/modules/transactions/hostile-bills-of-sale.test.ts': 12,
};

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
