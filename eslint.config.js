import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import moduleBoundaries from './eslint-rules/module-boundaries.js';
import noImportCycles from './eslint-rules/no-import-cycles.js';
import tableOwnership from './eslint-rules/table-ownership.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['warn', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'apps/{web,backoffice}/src/**/*.{ts,tsx}', 'tools/**/*.ts'],
    plugins: {
      backlay: { rules: { 'module-boundaries': moduleBoundaries, 'table-ownership': tableOwnership } },
    },
    rules: { 'backlay/module-boundaries': 'error', 'backlay/table-ownership': 'error' },
  },
  {
    files: ['{apps,packages}/**/*.{ts,tsx,js,mjs}'],
    plugins: { cycles: { rules: { 'no-import-cycles': noImportCycles } } },
    rules: { 'cycles/no-import-cycles': 'error' },
  },
  {
    files: ['apps/{web,backoffice}/**/*.{ts,tsx}', 'packages/front-kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [
      'packages/exchange/src/**',
      'packages/ledger/src/**',
      'packages/fair/src/**',
      'packages/feed/src/**',
      'packages/tables/src/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fastify', 'pg', '@electric-sql/*', 'react*'], paths: ['fs', 'http'] },
      ],
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval'],
    },
  },
  {
    // Pure like the packages above, except its I/O adapters (lines.ts, the live client) and the tests.
    files: ['packages/betfair-stream/src/**'],
    ignores: [
      'packages/betfair-stream/src/lines.ts',
      'packages/betfair-stream/src/client/**',
      'packages/betfair-stream/src/**/*.test.ts',
      'packages/betfair-stream/src/test-support/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fastify', 'pg', '@electric-sql/*', 'react*'], paths: ['fs', 'http'] },
      ],
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval'],
    },
  },
);
