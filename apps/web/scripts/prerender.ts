import { join } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import type { PrerenderedPages } from '../src/app/prerender.tsx';

/** Where index.html receives the pages; the build fails without it. */
export const PLACEHOLDER = '<!-- prerendered-pages -->';

/** The module that renders them, relative to the web app's root. */
const PRERENDER_MODULE = 'src/app/prerender.tsx';

/**
 * Each page inert (nothing can be typed into it and lost when the app takes over) inside a wrapper
 * that index.html's inline style lays out as `display: contents`, so the page's boxes are exactly
 * where the app draws them; public/boot.js decides which of the two shows.
 */
export function insertPrerendered(html: string, pages: PrerenderedPages): string {
  if (!html.includes(PLACEHOLDER)) throw new Error(`index.html lacks ${PLACEHOLDER}`);
  const wrapped = [
    `<div data-prerender="login" inert>${pages.login}</div>`,
    `<div data-prerender="shell" inert>${pages.shell}</div>`,
  ].join('');
  return html.replace(PLACEHOLDER, () => wrapped);
}

/** Static markup needs no styles; the module runner is spared Vite's stylesheet pipeline. */
const stylesAsNothing: Plugin = {
  name: 'backlay:prerender-styles-as-nothing',
  enforce: 'pre',
  resolveId: (id) => (id.endsWith('.css') ? '\0prerender-style' : null),
  load: (id) => (id === '\0prerender-style' ? 'export {};' : null),
};

/**
 * Writes React's own first render of the login page and of the signed-in shell into index.html at
 * build time (src/app/prerender.tsx, docs/decisions/0185), so the first paint needs neither the
 * app's script nor a hand-kept copy of its markup.
 */
export function prerender(): Plugin {
  let root = process.cwd();
  return {
    name: 'backlay:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        const { module } = await runnerImport<{ prerenderPages: () => PrerenderedPages }>(
          join(root, PRERENDER_MODULE),
          { configFile: false, root, logLevel: 'warn', plugins: [stylesAsNothing] },
        );
        return insertPrerendered(html, module.prerenderPages());
      },
    },
  };
}
