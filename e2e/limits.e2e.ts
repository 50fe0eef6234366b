import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from './support/axe.ts';
import {
  apiCall,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  operatorSession,
  type Session,
} from './support/browser.ts';
import { createPlayer } from './support/players.ts';
import { DESKTOP } from './support/routes.ts';

const PHONE_375 = { width: 375, height: 800 } as const;
/** A placement is answered after its batch commits. */
const PLACEMENT_TIMEOUT_MS = 25_000;

/**
 * Limits on the Responsible gaming page against the real server: a daily loss limit set there is
 * respected by the exchange's bet slip, a reality check chosen there comes round on the page's clock,
 * and the panel is axe clean on a phone. A fresh funded player in each test.
 */
describe.runIf(browserAvailable)('responsible gaming: limits', () => {
  let browser: Browser;
  let operator: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await operatorSession();
  });
  afterAll(() => browser?.close());

  async function setDailyLossLimit(page: Page, amount: string): Promise<void> {
    const card = page.getByTestId('limit-loss-day');
    await card.getByTestId('limit-loss-day-amount').pressSequentially(amount);
    await card.getByTestId('limit-loss-day-set').click();
    await card.getByTestId('limit-loss-day-outcome').waitFor();
  }

  /** A tennis match before the off, so its prices do not stop for play. */
  async function tennisBeforeTheOff(session: Session): Promise<string> {
    type Events = { events: { id: string; marketId: string | null; inPlay: boolean }[] };
    const { events } = await apiCall<Events>(session.token, 'GET', '/api/events?sport=tennis');
    const event = events.find((candidate) => !candidate.inPlay && candidate.marketId !== null);
    if (!event) throw new Error('no tennis match before the off');
    return event.id;
  }

  /** Backs the first Match Odds runner at its best price from the bet slip. */
  async function backFromSlip(page: Page, stake: string): Promise<void> {
    const price = '[data-market=MATCH_ODDS] [data-testid=runner-row] .depth-0 [data-testid=price-back]';
    await page.locator(`${price}[data-price]`).first().click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-stake').fill(stake);
    await slip.getByTestId('slip-place').click();
  }

  it('sets a daily loss limit on the page; the bet slip takes a stake under it and refuses one past it', async () => {
    const player = await createPlayer(operator, '1000.00');
    const page = await browser.newPage({ viewport: DESKTOP });
    await openSignedIn(page, player.session, '/responsible-gaming');
    expect(await page.getByTestId('limit-loss-day-current').innerText()).toBe('No limit');

    await setDailyLossLimit(page, '150');
    expect(await page.getByTestId('limit-loss-day-outcome').innerText()).toBe(
      'Daily loss limit is now 150.00.',
    );
    await page.locator('[data-testid=limit-loss-day-current]:text-is("150.00")').waitFor();
    expect(await page.getByTestId('limit-loss-day-used').innerText()).toBe('Used 0.00 of 150.00');

    await page.evaluate(
      (event) => (window.location.hash = `/sportsdetail?event=${event}`),
      await tennisBeforeTheOff(player.session),
    );
    await backFromSlip(page, '100');
    await page
      .getByTestId('bet-notice')
      .filter({ hasText: 'stake 100.00' })
      .waitFor({ timeout: PLACEMENT_TIMEOUT_MS });

    await backFromSlip(page, '200');
    const refusal = page.getByTestId('bet-slip').getByTestId('slip-error');
    await refusal.waitFor({ timeout: PLACEMENT_TIMEOUT_MS });
    expect(await refusal.innerText()).toBe(
      'This stake would take your net loss past the loss limit you set. It allows a stake of 50.00 at most now.',
    );

    await page.evaluate(() => (window.location.hash = '/responsible-gaming'));
    await page.locator('[data-testid=limit-loss-day-used]:text-is("Used 100.00 of 150.00")').waitFor();
    await page.close();
  });

  it('a 15-minute reality check saved on the page opens 15 minutes on, and Continue closes it', async () => {
    const player = await createPlayer(operator, '100.00');
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.clock.install();
    await openSignedIn(page, player.session, '/responsible-gaming');

    // The next session read names a due time 15 minutes after sign-in (60, the default, before).
    const dueSoon = async (response: Response) =>
      response.url().endsWith('/api/me/session') &&
      Date.parse(((await response.json()) as { realityCheckDueAt: string }).realityCheckDueAt) <
        Date.now() + 16 * 60_000;
    const summaryRead = page.waitForResponse(dueSoon);
    await page.locator('[data-testid=reality-check-interval][data-value="15"]').check();
    await page.getByTestId('reality-check-save').click();
    expect(await page.getByTestId('reality-check-saved').innerText()).toBe(
      'You will see a reality check every 15 minutes.',
    );
    await summaryRead;

    await page.clock.fastForward('15:00');
    const dialog = page.getByRole('dialog', { name: 'Reality check' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('You signed in 15 minutes ago');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('shows a set loss limit with its use, axe clean on a phone', async () => {
    const player = await createPlayer(operator, '100.00');
    await apiCall(player.session.token, 'PUT', '/api/me/limits/loss/day', { amount: '150' });
    const context = await browser.newContext({
      viewport: PHONE_375,
      reducedMotion: 'reduce',
      bypassCSP: true,
    });
    const page = await context.newPage();
    await openSignedIn(page, player.session, '/responsible-gaming');
    await page.locator('[data-testid=limit-loss-day-current]:text-is("150.00")').waitFor();
    await page.getByTestId('history-row').first().waitFor();
    expect(await page.getByTestId('limit-loss-day-used').innerText()).toBe('Used 0.00 of 150.00');
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
});
