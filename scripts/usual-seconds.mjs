// Writes vitest.durations.json — how long each slow test file took, in seconds — from the JSON
// reports of a CI run (.tmp/ci/*.json, written by .ci/run): the order a fresh clone runs its longest
// files first in (vitest.sequencer.ts). Run it after a fresh-clone `.ci/run` whose times you trust
// (nothing else on the machine) and commit the file: docs/testing.md, "Keeping the budget".
// Usage: node scripts/usual-seconds.mjs [report.json …]   (default: every report in .tmp/ci)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Shorter files are left out: their order hardly changes when the run ends. */
const AT_LEAST_SECONDS = 10;
const dir = '.tmp/ci';
const reports =
  process.argv.length > 2
    ? process.argv.slice(2)
    : existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .map((name) => join(dir, name))
      : [];
if (reports.length === 0) {
  console.error('No reports: run .ci/run first, or name the JSON reports.');
  process.exit(1);
}
const seconds = {};
for (const path of reports) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  for (const file of report.testResults) {
    const took = Math.round((file.endTime - file.startTime) / 1000);
    const name = relative(process.cwd(), file.name);
    // A file run on both databases keeps its longer time.
    if (took >= AT_LEAST_SECONDS && took > (seconds[name] ?? 0)) seconds[name] = took;
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([, a], [, b]) => b - a));
writeFileSync('vitest.durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`vitest.durations.json: ${Object.keys(sorted).length} files of ${AT_LEAST_SECONDS} s or more`);
