import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDemoLogin, browserAvailable, launchBrowser, openSignedIn } from './support/browser.ts';

/**
 * The session bar on a game page and in the exchange bet slip. The page's clock is driven (set to the
 * real time at install) so the bar's minute tick is seen without waiting.
 */
describe.runIf(browserAvailable)('session bar', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the time since sign-in and Net 0.00 on the crash page, and ticks each minute', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await openSignedIn(page, await apiDemoLogin(), '/avitar');
    const bar = page.getByTestId('aviator').getByTestId('session-bar');
    await bar.locator('[data-testid=session-net][data-tone=even]').waitFor();
    expect(await bar.innerText()).toBe('Session 0:00 · Net 0.00');

    await page.clock.fastForward('02:00');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=session-time]')?.textContent === '0:02',
    );
    await page.close();
  });

  it('shows in the exchange bet slip', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openSignedIn(page, await apiDemoLogin(), '/tennis');
    await page.getByTestId('event-row').first().waitFor();
    await page
      .locator('[data-testid=event-row]:not([data-in-play])')
      .first()
      .getByTestId('price-back')
      .first()
      .click();
    const slip = page.getByTestId('bet-slip');
    await slip.locator('[data-testid=session-net][data-tone=even]').waitFor();
    expect(await slip.getByTestId('session-bar').innerText()).toMatch(/^Session 0:0\d · Net 0\.00$/);
    await page.close();
  });
});
