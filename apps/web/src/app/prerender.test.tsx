import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from './provider.tsx';
import { prerenderPages } from './prerender.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';
import { slides } from './shell/carousel-slides.tsx';

const withoutTestIds = (markup: string) => markup.replace(/ data-testid="[^"]*"/g, '');
/** `useId` names elements by their place in the tree, which differs between the two renders. */
const withoutGeneratedIds = (markup: string) => markup.replace(/_R_[0-9A-Za-z]+_/g, '_R_id_');

/** The signed-in shell as the app first renders it around a page, with the page left out. */
function renderedShell(): string {
  return renderToStaticMarkup(
    <AppProvider>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route element={<ShellLayout />}>
            <Route path="/home" element={null} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}

describe('the pages pre-rendered into index.html', () => {
  const pages = prerenderPages();

  it('carry no test ids: tests only ever find and use the app’s own pages', () => {
    expect(pages.login).not.toContain('data-testid');
    expect(pages.shell).not.toContain('data-testid');
  });

  it('include the login page with its form', () => {
    expect(pages.login).toMatch(/^<main class="login-page">/);
    expect(pages.login).toContain('<h1 id="login-title" class="login-title">Login</h1>');
    expect(pages.login).toContain('Login with demo ID');
  });

  it('show the carousel’s first slide in the shell, the largest text of the first screen', () => {
    const [first, second] = slides;
    expect(pages.shell).toContain(`<h2>${first?.title}</h2><p>${first?.text}</p>`);
    expect(pages.shell).toMatch(/class="carousel-slide slide-exchange" data-active="true"/);
    expect(pages.shell).toContain(`<p>${second?.text}</p>`);
    expect(pages.shell).toMatch(/class="carousel-slide slide-casino" data-active="false"/);
  });

  it('are the shell the app draws first, so the swap shows no change (ShellFrame holds all of it)', () => {
    expect(withoutGeneratedIds(pages.shell)).toBe(withoutGeneratedIds(withoutTestIds(renderedShell())));
  });
});
