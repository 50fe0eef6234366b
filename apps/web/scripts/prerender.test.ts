import { describe, expect, it } from 'vitest';
import { insertPrerendered, PLACEHOLDER } from './prerender.ts';

const pages = { login: '<main class="login-page">$&</main>', shell: '<div class="shell"></div>' };

describe('insertPrerendered', () => {
  it('puts both pages, each inert in a wrapper named after it, where the placeholder was', () => {
    expect(insertPrerendered(`<div id="root">${PLACEHOLDER}</div>`, pages)).toBe(
      '<div id="root">' +
        '<div data-prerender="login" inert><main class="login-page">$&</main></div>' +
        '<div data-prerender="shell" inert><div class="shell"></div></div>' +
        '</div>',
    );
  });

  it('fails the build when index.html has no placeholder', () => {
    expect(() => insertPrerendered('<div id="root"></div>', pages)).toThrow(/prerendered-pages/);
  });
});
