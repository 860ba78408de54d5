import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes which source modules each chunk holds (dist/web/.vite/chunk-modules.json), so the bundle
 * budget test can prove that admin, upload and dealer-portal code stays out of the public chunks.
 */
function chunkModules(): Plugin {
  return {
    name: 'chunk-modules',
    generateBundle(_options, bundle) {
      const map: Record<string, string[]> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          map[file] = Object.keys(output.modules)
            .filter((id) => !id.includes('node_modules'))
            .map((id) => id.replace(`${root}/`, ''));
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(map, null, 2),
      });
    },
  };
}

const root = import.meta.dirname;

export default defineConfig({
  root: `${root}/web`,
  publicDir: `${root}/web/public`,
  plugins: [react(), tailwindcss(), chunkModules()],
  resolve: {
    alias: {
      '@contracts': `${root}/contracts`,
      '@': `${root}/web/src`,
    },
  },
  build: {
    outDir: `${root}/dist/web`,
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
});
