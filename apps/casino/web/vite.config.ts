import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));

// The game pages: one HTML shell, one small entry, every engine view in its own lazy chunk. JSX is
// compiled by Vite's own transform (automatic runtime); the pages need no fast refresh.
export default defineConfig({
  root: webDir,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    target: 'es2022',
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8081', '/fair': 'http://127.0.0.1:8081' } },
});
