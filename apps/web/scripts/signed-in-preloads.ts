import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where index.html receives the lists; the build fails without it. */
export const PLACEHOLDER = '<!-- signed-in-preloads -->';

/** The source modules a signed-in page needs, by the path public/boot.js matches (`shell`: all). */
export const PRELOAD_GROUPS: Readonly<Record<string, readonly string[]>> = {
  shell: ['src/app/shell/shell-layout.tsx', 'src/app/provider.tsx'],
  '/home': ['src/features/home/components/home-page.tsx'],
};

const chunksOf = (bundle: OutputBundle): OutputChunk[] =>
  Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');

/** Every chunk a chunk loads through static imports, itself included. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) closure(bundle, imported, seen);
  return seen;
}

/** The files (scripts, then their styles) modules need beyond those already `loaded`. */
export function groupFiles(bundle: OutputBundle, modules: readonly string[], loaded: Set<string>): string[] {
  const chunks = chunksOf(bundle);
  const scripts = new Set<string>();
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`${module} is not a chunk of its own; update PRELOAD_GROUPS`);
    for (const file of closure(bundle, chunk.fileName)) if (!loaded.has(file)) scripts.add(file);
  }
  const styles = [...scripts].flatMap((file) => {
    const chunk = bundle[file] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
    return [...(chunk.viteMetadata?.importedCss ?? [])];
  });
  return [...scripts, ...new Set(styles)];
}

const linkTag = (file: string) =>
  file.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" crossorigin href="/${file}">`;

/** Vite's tag for the entry script, which would run before the first paint whenever it is at hand. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
/** Vite's preload tags for the chunks the entry imports. */
const ENTRY_IMPORT_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Moves the entry's `<script type="module">` and Vite's preloads of its imports into an inert
 * `<template data-preload="entry">`, the entry as `<link rel="modulepreload" data-entry>`: public/boot.js
 * fetches and starts the app once the page in the HTML has been painted (docs/decisions/0090, 0185).
 */
export function startEntryAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) throw new Error('index.html has no entry script to start after the first paint');
  const imports = [...html.matchAll(ENTRY_IMPORT_PRELOAD)].map((match) => match[1] ?? '');
  const links = [
    `<link rel="modulepreload" crossorigin href="${entry[1]}" data-entry>`,
    ...imports.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  const template = `<template data-preload="entry">${links.join('')}</template>\n    `;
  const withoutTags = html.replace(ENTRY_SCRIPT, '').replace(ENTRY_IMPORT_PRELOAD, '');
  return withoutTags.replace('</head>', `${template}</head>`);
}

/**
 * Writes, in place of PLACEHOLDER in index.html, one inert `<template data-preload>` per group with
 * the preload links of its chunks and styles; public/boot.js copies them into <head> for a signed-in
 * visit (docs/decisions/0090). The same `crossorigin` as Vite's own tags, so each fetch is reused.
 */
export function signedInPreloads(): Plugin {
  return {
    name: 'backlay:signed-in-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const { bundle } = context;
        if (!bundle) return html;
        if (!html.includes(PLACEHOLDER)) throw new Error(`index.html lacks ${PLACEHOLDER}`);
        const entry = chunksOf(bundle).find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('the bundle has no entry chunk');
        // A page's group leaves out what the entry and the shell's group already bring.
        const loaded = closure(bundle, entry.fileName);
        const templates = Object.entries(PRELOAD_GROUPS).map(([name, modules]) => {
          const files = groupFiles(bundle, modules, loaded);
          files.forEach((file) => loaded.add(file));
          return `<template data-preload="${name}">${files.map(linkTag).join('')}</template>`;
        });
        // The entry's own tags first: the groups' links are the same kind of tag.
        return startEntryAfterPaint(html).replace(PLACEHOLDER, templates.join('\n    '));
      },
    },
  };
}
