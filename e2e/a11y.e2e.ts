import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations, type AxeFinding } from './support/axe.ts';
import { apiDemoLogin, baseUrl, browserAvailable, launchBrowser, openSignedIn } from './support/browser.ts';
import { DESKTOP, PHONE, goInApp, portalPaths } from './support/routes.ts';

type Viewport = typeof PHONE | typeof DESKTOP;

const cases: [string, Viewport, boolean][] = [
  ['signed out, phone', PHONE, false],
  ['signed out, desktop', DESKTOP, false],
  ['player, phone', PHONE, true],
  ['player, desktop', DESKTOP, true],
];

/** One context per viewport and sign-in state; every route is visited in the same document. */
describe.runIf(browserAvailable)('accessibility of every route (axe, WCAG 2.2 AA)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function openContext(viewport: Viewport, signedIn: boolean): Promise<[BrowserContext, Page]> {
    // Reduced motion stops the slide fade, so contrast is never measured half-way through it.
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce', bypassCSP: true });
    const page = await context.newPage();
    if (signedIn) await openSignedIn(page, await apiDemoLogin(), '/home');
    else await page.goto(`${baseUrl()}/#/home`);
    await page.locator('main').first().waitFor();
    return [context, page];
  }

  it.each(cases)(
    'has no serious or critical violations and one h1 per route: %s',
    async (_, viewport, signedIn) => {
      const [context, page] = await openContext(viewport, signedIn);
      const found: Record<string, AxeFinding[] | string> = {};
      try {
        for (const path of portalPaths) {
          await goInApp(page, path, signedIn);
          const violations = await blockingViolations(page);
          if (violations.length > 0) found[path] = violations;
          const headings = await page.locator('h1').count();
          if (headings !== 1) found[`${path} h1`] = `${headings} h1 elements`;
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual({});
    },
  );
});
