import type { OutputAsset, OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** Vite's tag for the entry's stylesheet. */
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/;

/** An asset's text, whichever form the bundle holds it in. */
const textOf = (asset: OutputAsset) =>
  typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);

/**
 * Replaces the entry stylesheet's `<link>` with a `<style>` holding the same rules. `</` never
 * occurs in the minified rules; were it to, it could end the element early, so the build refuses.
 */
export function inlineStylesheet(html: string, bundle: OutputBundle): string {
  const link = ENTRY_STYLESHEET.exec(html);
  if (!link) throw new Error('index.html has no entry stylesheet to inline');
  const asset = bundle[link[1] ?? ''];
  if (asset?.type !== 'asset') throw new Error(`${link[1]} is not in the bundle`);
  const css = textOf(asset).trim();
  if (css.includes('</')) throw new Error(`${link[1]} contains "</" and cannot be inlined`);
  return html.replace(link[0], () => `<style>${css}</style>`);
}

/**
 * Puts the entry's styles — global, login page and the signed-in shell's chrome, everything the
 * first paint draws (docs/decisions/0185) — into index.html, so that paint waits for no stylesheet
 * request. The styles of lazily loaded pages stay files of their own.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'backlay:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return context.bundle ? inlineStylesheet(html, context.bundle) : html;
      },
    },
  };
}
