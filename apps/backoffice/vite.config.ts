import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressOutput } from './scripts/compress-output.ts';

const serverOrigin = 'http://127.0.0.1:8080';

// The portal server serves this build under /backoffice/ (docs/decisions/0250); routes live in the
// hash, so the server only ever sends index.html and the hashed assets.
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), compressOutput()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/ws': { target: serverOrigin, ws: true },
    },
  },
});
