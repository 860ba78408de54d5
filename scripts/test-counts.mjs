// Prints how many test files and tests Vitest JSON reports hold and how they ended, one line per
// report and a total when given several; .ci/run prints it after each test stage and at the end,
// so a run that quietly drops tests shows it. With several reports it also prints the distinct
// tests (file and full name) over all of them: a test that runs once instead of once per database
// (ADR 0021) leaves that number unchanged, a dropped one lowers it.
// Each report also prints its ten slowest files with their seconds, so the CI budget has names on it
// (docs/testing.md).
// Usage: node scripts/test-counts.mjs <stage name>=<report.json> …
import { existsSync, readFileSync } from 'node:fs';

const sum = { files: 0, tests: 0, passed: 0, failed: 0, skipped: 0 };
const describe = (name, c) =>
  `${name}: ${c.files} files, ${c.tests} tests (${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped)`;

const distinct = new Set();
const stages = process.argv.slice(2);
for (const argument of stages) {
  const at = argument.lastIndexOf('=');
  const [name, path] = [argument.slice(0, at), argument.slice(at + 1)];
  if (!existsSync(path)) {
    console.log(`${name}: no report (the stage did not run to its end)`);
    continue;
  }
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const counts = {
    files: report.testResults.length,
    tests: report.numTotalTests,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  for (const key of Object.keys(sum)) sum[key] += counts[key];
  for (const file of report.testResults) {
    const relative = file.name.startsWith(process.cwd())
      ? file.name.slice(process.cwd().length + 1)
      : file.name;
    for (const test of file.assertionResults) distinct.add(`${relative} > ${test.fullName}`);
  }
  console.log(describe(name, counts));
  if (stages.length === 1) {
    const slowest = report.testResults
      .map((file) => ({
        path: file.name.startsWith(process.cwd()) ? file.name.slice(process.cwd().length + 1) : file.name,
        seconds: (file.endTime - file.startTime) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    console.log('  slowest files:');
    for (const { path, seconds } of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${path}`);
  }
}
if (stages.length > 1) {
  console.log(describe('total', sum));
  console.log(`distinct tests over all stages: ${distinct.size}`);
}
