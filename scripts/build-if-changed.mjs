// `npm start`'s first step: builds the app (`npm run build`) only when something it is built from
// changed since the last build, so a second `npm start` starts in seconds. What counts: the web app,
// the server and the contracts (tests included: a changed test rebuilds too, cheaper than missing a
// source), the build's own configuration and the installed packages (package-lock.json). The stamp
// `dist/.built-at` is written after a build succeeds; `npm run build` alone always builds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.built-at';
const INPUTS = [
  'web',
  'server/src',
  'contracts',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
];

/** The newest modification time under a file or directory (0 when it is missing). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changedAt = Math.max(...INPUTS.map(newest));
if (builtAt > changedAt && existsSync('dist/server/main.js') && existsSync('dist/web/index.html')) {
  console.log('The build is up to date (npm run build rebuilds it).');
} else {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${new Date().toISOString()}\n`);
}
