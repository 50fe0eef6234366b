import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDemoLogin,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  type Session,
} from './support/browser.ts';
import { DESKTOP } from './support/routes.ts';

describe.runIf(browserAvailable)('home catalogue grids', () => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiDemoLogin();
  });
  afterAll(() => browser?.close());

  it.each(['JILI', 'SPRIBE', 'JDB'])('shows %s tiles whose first thumbnail loads', async (provider) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, session, '/home');
    const section = page.locator(`[data-testid="provider"][data-provider="${provider}"]`);
    const firstTile = section.getByTestId('provider-tile').first();
    await firstTile.waitFor();
    // Lazy images load only near the viewport: bring the tile into view, then wait for the decode.
    await firstTile.scrollIntoViewIfNeeded();
    const image = firstTile.locator('img');
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.getAttribute('alt')).toBe((await firstTile.innerText()).trim());
    expect(await section.getByTestId('provider-empty').count()).toBe(0);
    await page.close();
  });
});
