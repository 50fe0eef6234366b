import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { blockingViolations } from './support/axe.ts';
import { apiDemoLogin, baseUrl, browserAvailable, launchBrowser, openSignedIn } from './support/browser.ts';
import { DESKTOP } from './support/routes.ts';

/** The recordings shared beside the repository (docs: ../shared/data/betfair-recordings/README.md). */
const RECORDINGS = fileURLToPath(new URL('../../shared/data/betfair-recordings/flumine/', import.meta.url));
const RECORDING = join(RECORDINGS, '1.197931750');
/** Its catalogue names the traps while the market is open; the stream's definitions name them only at the end. */
const CATALOGUE = join(RECORDINGS, 'catalogues', '1.197931750.json');
/** Sheffield 18:26 UTC: the recording opens at 18:24:33 and suspends at 18:27:18, so the replay pauses open. */
const PAUSE_AT = '2022-04-19T18:26:30';
const TRAPS = ['1. Paradise Mission', '2. Sandwood Jet', '6. Coolavanny Galiv'];
/** Where the two pages' screenshots go, to look at after a run (outside the repository). */
const SHOTS = process.env.E2E_SCREENSHOTS ?? join(tmpdir(), 'backlay-e2e-feeds');

/**
 * The whole feed flow: the owner uploads a Betfair recording and its catalogue on the console's Feeds
 * page and replays it at 10,000× up to a pause before the off; the mirrored market appears with a link,
 * and a player's match page shows the real trap names with the source's prices under the portal's own.
 */
describe.runIf(browserAvailable)('a replayed Betfair recording, console to match page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser?.close());

  async function consolePage(): Promise<Page> {
    // The until field reads the browser's time zone: UTC, so PAUSE_AT is the recording's own clock.
    const context = await browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC', bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/backoffice/#/sign-in`);
    await page.getByLabel('Email').fill(inject('adminEmail'));
    await page.getByLabel('Password').fill(inject('adminPassword'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    return page;
  }

  it('replays the recording and shows the source book on the player match page', async () => {
    const desk = await consolePage();
    await desk.getByRole('link', { name: 'Feeds' }).click();
    await desk.getByRole('heading', { name: 'Feeds', level: 1 }).waitFor();

    await desk.getByTestId('feed-file-input').setInputFiles([RECORDING, CATALOGUE]);
    // The stored files, newest first: the catalogue went up after the recording, both ticked.
    await desk.getByRole('row', { name: /Catalogue/ }).waitFor();
    await desk.getByRole('row', { name: /Stream recording/ }).waitFor();
    const kinds = await desk.getByTestId('feed-file-kind').allInnerTexts();
    expect(kinds.slice(0, 2)).toEqual(['Catalogue', 'Stream recording']);
    expect(
      await desk
        .getByRole('checkbox', { name: /^Replay / })
        .evaluateAll((boxes) => boxes.slice(0, 2).map((box) => (box as HTMLInputElement).checked)),
    ).toEqual([true, true]);

    await desk.getByLabel(/^Speed/).fill('10000');
    await desk.getByLabel(/^Pause at publish time/).fill(PAUSE_AT);
    await desk.getByRole('button', { name: 'Start replay' }).click();
    await desk.getByText('Replay started.').waitFor();

    // The page follows the feed every 2 s until the replay reaches its pause.
    const feed = desk.locator('[data-testid=feed][data-state=paused]').first();
    await feed.waitFor({ timeout: 30_000 });
    const marketLink = feed.getByTestId('feed-markets').getByRole('link').first();
    await marketLink.waitFor();
    const marketId = decodeURIComponent(
      (await marketLink.getAttribute('href'))!.replace(/^#?\/markets\//, ''),
    );
    const eventId = await feed
      .getByTestId('feed-markets')
      .locator('tbody tr')
      .first()
      .locator('td')
      .nth(2)
      .innerText();
    expect(await feed.getByTestId('feed-applied').innerText()).not.toBe('0');
    await desk.screenshot({ path: join(SHOTS, 'feeds-console.png'), fullPage: true });
    expect(await blockingViolations(desk), 'feeds page').toEqual([]);

    await marketLink.click();
    await desk.getByTestId('fact-id').filter({ hasText: marketId }).waitFor();

    const player = await (await browser.newContext({ viewport: DESKTOP, bypassCSP: true })).newPage();
    await openSignedIn(player, await apiDemoLogin(), `/sportsdetail?event=${encodeURIComponent(eventId)}`);
    const market = player.locator(`[data-testid=runner-market][data-market-id="${marketId}"]`);
    const source = market.getByTestId('source-ladder');
    await source.waitFor({ timeout: 15_000 });
    for (const trap of TRAPS) {
      await market.getByTestId('runner-row').filter({ hasText: trap }).waitFor();
      await source.getByTestId('source-row').filter({ hasText: trap }).waitFor();
    }
    expect(await source.getByTestId('source-back').count()).toBeGreaterThan(0);
    expect(await source.getByTestId('source-lay').count()).toBeGreaterThan(0);
    expect(await source.innerText()).toMatch(/LTP \d/);
    await player.screenshot({ path: join(SHOTS, 'feeds-match-page.png'), fullPage: true });
    expect(await blockingViolations(player), 'match page').toEqual([]);

    await player.context().close();
    await desk.context().close();
  });
});
