// Bundles the server (server/src/main.ts and what it imports from server/ and contracts/) into
// dist/server/main.js for `npm start`: plain Node runs it, without a TypeScript loader at run time
// (tsx cost ~80 MB of resident memory and a slower start). Packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
