import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { minifyBootSource } from './minify-boot.ts';

const source = readFileSync(join(import.meta.dirname, '..', 'public', 'boot.js'), 'utf8');
const minified = minifyBootSource(source);

/** Runs a boot script against a stub page and lists what it did to the document. */
function bootEffects(code: string, token: string | null, hash: string): string[] {
  const effects: string[] = [];
  const document = {
    readyState: 'complete',
    // A hidden page starts the app at once, without waiting for a paint.
    visibilityState: 'hidden',
    documentElement: { setAttribute: (name: string) => effects.push(`mark ${name}`) },
    querySelector: (selector: string) => (effects.push(`look ${selector}`), null),
    head: { appendChild: () => effects.push('append') },
  };
  class MessageChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null };
    port2 = { postMessage: () => this.port1.onmessage?.() };
  }
  const window = { sessionStorage: { getItem: () => token } };
  runInNewContext(code, { window, document, location: { hash }, MessageChannel });
  return effects;
}

describe('boot.js as the build ships it', () => {
  it('is much smaller and keeps no comment', () => {
    expect(minified.length).toBeLessThan(source.length / 2);
    expect(minified).not.toMatch(/\/\*|\/\/ /);
  });

  it('does what the source does on the login page and on a signed-in page', () => {
    for (const [token, hash] of [
      [null, '#/login'],
      ['t', '#/login'],
      ['t', '#/home'],
      ['t', '#/account?from=1'],
    ] as const) {
      const effects = bootEffects(source, token, hash);
      expect(effects.length).toBeGreaterThan(0);
      expect(bootEffects(minified, token, hash)).toEqual(effects);
    }
    expect(bootEffects(minified, 't', '#/home')).toContain('mark data-shell');
    expect(bootEffects(minified, null, '#/home')).not.toContain('mark data-shell');
  });
});
