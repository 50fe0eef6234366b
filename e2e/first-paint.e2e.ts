import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDemoLogin, baseUrl, browserAvailable, launchBrowser } from './support/browser.ts';

/** The app's entry script, held back so the page can be seen as the HTML alone paints it. */
const ENTRY_SCRIPT = /\/assets\/index-[^/]*\.js$/;

const rootWasEmptied = (page: Page) =>
  page.evaluate(() => (window as unknown as { rootEmptied: boolean }).rootEmptied);

/** The scripts <head> asks the browser to fetch ahead of use. */
const preloadedScripts = (page: Page) =>
  page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLLinkElement>('head link[rel=modulepreload]'),
      (link) => link.href,
    ),
  );

/** Whether the app's entry script was requested only after the HTML's first contentful paint. */
const scriptsAfterFirstPaint = (page: Page) =>
  page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => /\/assets\/index-[^/]*\.js$/.test(resource.name));
    return !!paint && !!entry && entry.startTime >= paint.startTime;
  });

interface HeldPage {
  page: Page;
  release: () => void;
  errors: string[];
}

/** Opens `path` with the entry script held until `release`, after the HTML's first paint. */
async function openHeld(
  browser: Browser,
  path: string,
  session?: { token: string; user: unknown },
): Promise<HeldPage> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  if (session) {
    await page.addInitScript(
      ([token, user]) => {
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
  }
  // Records whether #root is ever left empty: a blank frame between the HTML's page and the app's.
  await page.addInitScript(() => {
    const flags = window as unknown as { rootEmptied: boolean };
    flags.rootEmptied = false;
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (root && root.childElementCount === 0) flags.rootEmptied = true;
    }).observe(document, { childList: true, subtree: true });
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(ENTRY_SCRIPT, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${baseUrl()}/#${path}`, { waitUntil: 'commit' });
  return { page, release, errors };
}

describe.runIf(browserAvailable)('the first paint, from the HTML before the app runs', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows a visitor without a session the login page where the app then draws it', async () => {
    const { page, release, errors } = await openHeld(browser, '/home');
    const copy = page.locator('[data-prerender=login] .login-card');
    await copy.waitFor();
    expect(await page.locator('[data-prerender=shell]').isVisible()).toBe(false);
    // The copy is inert and has no test ids: nothing can be typed into it, no test can find it.
    expect(await page.locator('[data-prerender=login]').getAttribute('inert')).toBe('');
    expect(await page.locator('[data-prerender] [data-testid]').count()).toBe(0);
    const before = await copy.boundingBox();
    const textBefore = await copy.innerText();

    release();
    await page.getByTestId('login-page').waitFor();
    expect(await page.locator('[data-prerender]').count()).toBe(0);
    const card = page.locator('[data-testid=login-page] .login-card');
    expect(await card.boundingBox()).toEqual(before);
    expect(await card.innerText()).toBe(textBefore);
    expect(await rootWasEmptied(page)).toBe(false);
    expect(await scriptsAfterFirstPaint(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a signed-in player the shell where the app then draws it, never the login page', async () => {
    const session = await apiDemoLogin();
    const { page, release, errors } = await openHeld(browser, '/home', session);
    const slide = page.locator('[data-prerender=shell] .carousel-slide[data-active=true] .carousel-copy');
    await slide.waitFor();
    expect(await page.locator('[data-prerender=login]').isVisible()).toBe(false);
    expect(await page.locator('[data-prerender=shell]').getAttribute('inert')).toBe('');
    const before = await slide.boundingBox();
    const textBefore = await slide.innerText();
    // Once the shell is on screen, the shell's and the home page's chunks are fetched with the entry.
    await expect
      .poll(() => preloadedScripts(page))
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/\/assets\/shell-layout-[^/]*\.js$/),
          expect.stringMatching(/\/assets\/home-page-[^/]*\.js$/),
        ]),
      );

    release();
    await page.getByTestId('home').waitFor();
    expect(await page.locator('[data-prerender]').count()).toBe(0);
    const active = page.locator('[data-testid=carousel-slide][data-active=true] .carousel-copy');
    expect(await active.boundingBox()).toEqual(before);
    expect(await active.innerText()).toBe(textBefore);
    expect(await rootWasEmptied(page)).toBe(false);
    expect(await scriptsAfterFirstPaint(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
