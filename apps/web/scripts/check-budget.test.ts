import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES, bootTemplates, htmlScripts, measureRoutes } from './check-budget.mjs';

const INDEX_HTML = `<!doctype html><html><head>
  <!-- <script src="/commented-out.js"></script> -->
  <template data-preload="shell"><link rel="modulepreload" crossorigin href="/assets/shell-1.js"><link rel="preload" as="style" href="/assets/shell-1.css"></template>
  <template data-preload="/home"><link rel="modulepreload" crossorigin href="/assets/home-1.js"></template>
  <script src="/boot.js"></script>
  <script>window.inlineFlag = 1;</script>
  <script type="module" src="/assets/index-1.js"></script>
  <link rel="preload" as="script" href="/assets/early-1.js">
  <link rel="preload" as="style" href="/assets/index-1.css">
  <template data-preload="entry"><link rel="modulepreload" crossorigin href="/assets/index-1.js" data-entry><link rel="modulepreload" crossorigin href="/assets/react-1.js"></template>
</head><body><div id="root"></div></body></html>`;

describe('scripts index.html loads on each route', () => {
  it('counts boot.js, inline scripts, script preloads and the entry template on the login route', () => {
    const { urls, inline } = htmlScripts(INDEX_HTML, bootTemplates('/login'));
    expect(urls.sort()).toEqual([
      '/assets/early-1.js',
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/boot.js',
    ]);
    expect(inline).toEqual(['window.inlineFlag = 1;']);
  });

  it("adds the shell's and the page's templates on a signed-in route", () => {
    const { urls } = htmlScripts(INDEX_HTML, bootTemplates('/home'));
    expect(urls).toContain('/assets/shell-1.js');
    expect(urls).toContain('/assets/home-1.js');
    expect(urls).not.toContain('/assets/shell-1.css');
    expect(htmlScripts(INDEX_HTML, bootTemplates('/account')).urls).not.toContain('/assets/home-1.js');
  });
});

describe('route budget measure', () => {
  it('weighs every script of the login route, boot.js and inline ones included', () => {
    const dist = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    const files: Record<string, string> = {
      'boot.js': 'document.documentElement.dataset.boot = "1";'.repeat(20),
      'assets/index-1.js': 'export const app = "entry";'.repeat(50),
      'assets/react-1.js': 'export const react = "react";'.repeat(50),
      'assets/early-1.js': 'export const early = 1;',
      'assets/page-1.js': 'export const page = 1;',
      'assets/shell-1.js': 'export const shell = 1;',
      'assets/home-1.js': 'export const home = 1;',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    const pages = Object.values(ROUTE_MODULES)
      .flat()
      .map((key) => [key, { file: 'assets/page-1.js' }]);
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react'] },
      _react: { file: 'assets/react-1.js' },
      ...Object.fromEntries(pages),
    };
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));

    const login = measureRoutes(dist).find((row: { route: string }) => row.route === '/login');
    const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
    const loaded = ['boot.js', 'assets/index-1.js', 'assets/react-1.js', 'assets/early-1.js'];
    const expected = loaded.reduce((sum, name) => sum + gzip(files[name] ?? ''), 0);
    expect(login).toMatchObject({ files: 5, gzip: expected + gzip('window.inlineFlag = 1;') });
  });
});
