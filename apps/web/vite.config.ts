import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const serverOrigin = 'http://127.0.0.1:8080';

// The portal server serves the built SPA; during development Vite forwards every server path to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/casino': serverOrigin,
      '/ws': { target: serverOrigin, ws: true },
    },
  },
});
