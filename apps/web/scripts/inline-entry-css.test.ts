import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { inlineStylesheet } from './inline-entry-css.ts';

const bundleWith = (fileName: string, source: string | Uint8Array) =>
  ({ [fileName]: { type: 'asset', fileName, source } }) as unknown as OutputBundle;

const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>';

describe('inlineStylesheet', () => {
  it('replaces the entry stylesheet link with its rules', () => {
    const bundle = bundleWith('assets/index-1.css', 'body{margin:0}\n');
    expect(inlineStylesheet(html, bundle)).toBe('<head><style>body{margin:0}</style></head>');
  });

  it('reads rules the bundle holds as bytes', () => {
    const bundle = bundleWith('assets/index-1.css', new TextEncoder().encode('a{color:red}'));
    expect(inlineStylesheet(html, bundle)).toBe('<head><style>a{color:red}</style></head>');
  });

  it('refuses rules that could end the style element early', () => {
    const bundle = bundleWith('assets/index-1.css', 'a::after{content:"</style>"}');
    expect(() => inlineStylesheet(html, bundle)).toThrow(/cannot be inlined/);
  });

  it('fails the build without an entry stylesheet', () => {
    expect(() => inlineStylesheet('<head></head>', bundleWith('x.css', ''))).toThrow(/no entry stylesheet/);
  });
});
