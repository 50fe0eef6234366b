import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineEntryCss } from './scripts/inline-entry-css.ts';
import { minifyBoot } from './scripts/minify-boot.ts';
import { precompress } from './scripts/precompress.ts';
import { prerender } from './scripts/prerender.ts';
import { signedInPreloads } from './scripts/signed-in-preloads.ts';
import { trimRouter } from './scripts/trim-router.ts';

const serverOrigin = 'http://127.0.0.1:8080';

/** The contracts' index and zod's configuration, which the index imports before any schema. */
const contractsSetUp = /packages[\\/]contracts[\\/]src[\\/](index|zod-config)\.ts$/;

// The portal server serves the built SPA; during development Vite forwards every server path to it.
export default defineConfig({
  plugins: [
    react(),
    trimRouter(),
    prerender(),
    signedInPreloads(),
    inlineEntryCss(),
    minifyBoot(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-budget.mjs to find the scripts each route loads.
    manifest: true,
    // Every browser the portal supports has native <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Building zod schemas is all a contracts module does when it loads, so one whose exports no
        // page reads (the console's, say) is left out. The index stays for its first import, zod's
        // configuration, which must run before any schema is built.
        moduleSideEffects: [
          { test: contractsSetUp, sideEffects: true },
          { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        ],
      },
      output: {
        codeSplitting: {
          // A group takes only the modules its test names, never their imports (React stays put).
          includeDependenciesRecursively: false,
          groups: [
            // What every signed-in page reads the server with, in one request instead of four. The
            // contracts' schemas are not in it: each goes with the pages that parse with it.
            {
              name: 'data',
              test: (id) =>
                /[\\/](node_modules[\\/](zod|@tanstack)|packages[\\/]ledger)[\\/]/.test(id) ||
                contractsSetUp.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': serverOrigin,
      '/casino': serverOrigin,
      '/ws': { target: serverOrigin, ws: true },
    },
  },
});
