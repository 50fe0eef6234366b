import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './login-page.tsx';

const INDEX_HTML = new URL('../../../../index.html', import.meta.url);

/** One spelling for markup written by hand (and by the formatter) and markup rendered by React. */
function normalize(markup: string): string {
  return (
    markup
      .replace(/<(rect|path)([^>]*?)\s*\/>/g, '<$1$2></$1>')
      .replace(/\s*\/>/g, '>')
      // Attribute names only: HTML ignores their case (React writes `noValidate`), never the text's.
      .replace(/<[^>]+>/g, (tag) =>
        tag.replace(/ ([A-Za-z-]+)(?==|\s|>)/g, (_, name: string) => ` ${name.toLowerCase()}`),
      )
      .replace(/ ([a-z-]+)=""/g, ' $1')
      .replace(/\s+/g, ' ')
      .replace(/>\s+/g, '>')
      .replace(/\s+</g, '<')
      .trim()
  );
}

/** The login page as React first renders it for a visitor without a session. */
function renderedLoginPage(): string {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
  // The copy carries no test ids: tests must only ever find and fill React's own page.
  return normalize(markup.replace(/ data-testid="[^"]*"/g, ''));
}

/** The pre-rendered copy in index.html, without the two attributes that mark it as the copy. */
function prerenderedLoginPage(): string {
  const html = readFileSync(INDEX_HTML, 'utf8');
  const match = /<main class="login-page" data-prerender inert>[\s\S]*?<\/main>/.exec(html);
  if (!match) throw new Error('index.html has no pre-rendered login page');
  return normalize(match[0].replace(' data-prerender inert', ''));
}

describe('the login page pre-rendered in index.html', () => {
  it('is the markup React renders for a visitor without a session, so the swap shows no change', () => {
    expect(prerenderedLoginPage()).toBe(renderedLoginPage());
  });
});
