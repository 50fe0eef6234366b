import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests (pure packages, web logic) and integration tests (server against a database).
// The integration project runs against embedded PGlite unless DATABASE_URL points at PostgreSQL.
// The chaos run's checkers read the database: their tests run with the integration tests, so that
// `npm test` runs them once on PGlite and `npm run test:pg` once on PostgreSQL.
const CHAOS_CHECKER_TESTS = 'tools/chaos/**/*.test.ts';
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
            'apps/web/scripts/**/*.test.ts',
            'eslint-rules/**/*.test.ts',
            'apps/casino/**/*.test.ts',
            'deploy/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, CHAOS_CHECKER_TESTS],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.test.ts', CHAOS_CHECKER_TESTS],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
