import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root: `${root}/web`,
  publicDir: `${root}/web/public`,
  plugins: [react(), tailwindcss()],
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
