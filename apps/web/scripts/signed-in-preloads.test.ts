import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { groupFiles, startEntryAfterPaint } from './signed-in-preloads.ts';

const chunk = (fileName: string, facade: string | null, imports: string[], css: string[] = []) => ({
  type: 'chunk',
  fileName,
  facadeModuleId: facade,
  isEntry: fileName.startsWith('assets/index'),
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', '/app/index.html', ['assets/react-1.js']),
    chunk('assets/react-1.js', null, []),
    chunk(
      'assets/shell-1.js',
      '/app/src/app/shell/shell-layout.tsx',
      ['assets/data-1.js', 'assets/react-1.js'],
      ['assets/shell-1.css'],
    ),
    chunk('assets/data-1.js', null, ['assets/react-1.js']),
    chunk(
      'assets/home-1.js',
      '/app/src/features/home/home-page.tsx',
      ['assets/data-1.js'],
      ['assets/home-1.css'],
    ),
  ].map((output) => [output.fileName, output]),
) as unknown as OutputBundle;

describe('groupFiles', () => {
  it('lists a module chunk, its static imports and their styles, minus what is already loaded', () => {
    const loaded = new Set(['assets/index-1.js', 'assets/react-1.js']);
    expect(groupFiles(bundle, ['src/app/shell/shell-layout.tsx'], loaded)).toEqual([
      'assets/shell-1.js',
      'assets/data-1.js',
      'assets/shell-1.css',
    ]);
  });

  it('leaves out what an earlier group brings', () => {
    const loaded = new Set([
      'assets/index-1.js',
      'assets/react-1.js',
      'assets/shell-1.js',
      'assets/data-1.js',
    ]);
    expect(groupFiles(bundle, ['src/features/home/home-page.tsx'], loaded)).toEqual([
      'assets/home-1.js',
      'assets/home-1.css',
    ]);
  });

  it('fails the build when a listed module is not a chunk of its own', () => {
    expect(() => groupFiles(bundle, ['src/missing.tsx'], new Set())).toThrow(/PRELOAD_GROUPS/);
  });
});

describe('startEntryAfterPaint', () => {
  const html = [
    '<head>',
    '<script src="/boot.js"></script>',
    '<script type="module" crossorigin src="/assets/index-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '</head>',
  ].join('\n');

  it('moves the entry script and the preloads of its imports into a template boot.js copies later', () => {
    expect(startEntryAfterPaint(html)).toBe(
      [
        '<head>',
        '<script src="/boot.js"></script>',
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
        '<template data-preload="entry">' +
          '<link rel="modulepreload" crossorigin href="/assets/index-1.js" data-entry>' +
          '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
          '</template>',
        '    </head>',
      ].join('\n'),
    );
  });

  it('fails the build when there is no entry script', () => {
    expect(() => startEntryAfterPaint('<head></head>')).toThrow(/no entry script/);
  });
});
