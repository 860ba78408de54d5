// Runs the browser journeys. Without Chromium they are skipped with a reason, except in CI,
// where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Debian's headless shell when installed, else its Chromium (e2e/support/chromium.ts).
const shell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : '/usr/bin/chromium');
if (!existsSync(chromium)) {
  const message = `Browser tests need Chromium at ${chromium} (install: apt-get install -y chromium-headless-shell).`;
  if (process.env.CI) {
    console.error(`FAIL: ${message}`);
    process.exit(1);
  }
  console.warn(`SKIPPED browser tests: ${message}`);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
