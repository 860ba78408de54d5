import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root (the nearest package.json above this module). Files the server reads at run
 * time (migrations, the built web app, demo media) are found from here, so the same code works
 * from the TypeScript sources (tests, dev) and from the bundle in dist/server (npm start).
 */
export const PROJECT_ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server');
    dir = parent;
  }
  return dir;
})();
