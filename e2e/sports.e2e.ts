import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiDemoLogin,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  type Session,
} from './support/browser.ts';
import { blockingViolations } from './support/axe.ts';
import { PHONE } from './support/routes.ts';

const PRICE_TIMEOUT_MS = 20_000;
/** A placement is answered after its batch commits; the bet stream brings it to other screens. */
const PLACEMENT_TIMEOUT_MS = 25_000;

describe.runIf(browserAvailable)('sports exchange screens', () => {
  let browser: Browser;
  let page: Page;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    session = await apiDemoLogin();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  /** The first Match Odds runner's best back box once it shows a price. */
  async function bestBack(): Promise<ReturnType<Page['locator']>> {
    const cell = page
      .locator('[data-market=MATCH_ODDS] [data-testid=runner-row]')
      .first()
      .locator('.depth-0 [data-testid=price-back]');
    await page.waitForFunction(
      () =>
        document
          .querySelector(
            '[data-market=MATCH_ODDS] [data-testid=runner-row] .depth-0 [data-testid=price-back]',
          )
          ?.hasAttribute('data-price') === true,
      undefined,
      { timeout: PRICE_TIMEOUT_MS },
    );
    return cell;
  }

  /**
   * A cricket match that starts in more than ten minutes. Its prices do not stop: an in-play match
   * suspends at every wicket until the next ball, up to 96 s, and takes bets only after its delay.
   */
  async function cricketBeforeTheOff(): Promise<string> {
    type Events = { events: { id: string; inPlay: boolean; startTime: string }[] };
    const { events } = await apiCall<Events>(session.token, 'GET', '/api/events?sport=cricket');
    const later = Date.now() + 10 * 60_000;
    const event = events.find((candidate) => !candidate.inPlay && Date.parse(candidate.startTime) > later);
    if (!event) throw new Error('no cricket match before the off');
    return event.id;
  }

  it('lists cricket matches with dates and opens a match with its prices', async () => {
    await openSignedIn(page, session, '/cricket');
    const rows = page.getByTestId('event-row');
    await rows.first().waitFor();
    expect(await rows.first().locator('time').innerText()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/,
    );
    expect(await page.locator('thead th').allInnerTexts()).toEqual(['Game', '1', 'X', '2']);

    // A match before the off: an in-play one may be suspended after a wicket, without prices.
    await page
      .locator('[data-testid=event-row]:not([data-in-play])')
      .first()
      .getByTestId('event-link')
      .click();
    await page.getByTestId('match-header').waitFor();
    expect(page.url()).toContain('/sportsdetail?event=cricket-');
    const back = await bestBack();
    expect(Number(await back.getAttribute('data-price'))).toBeGreaterThan(1);
    const headings = await page.locator('[data-testid=market] h2').allInnerTexts();
    expect(headings[0]).toBe('Match Odds');
    expect(headings.join(' ')).not.toMatch(/MATCH_ODDS|TIED_MATCH|ODD_EVEN/);
  });

  it('opens the bet slip from a tennis list price and steps the odds on the ladder', async () => {
    await openSignedIn(page, session, '/tennis');
    await page.getByTestId('event-row').first().waitFor();
    const price = page
      .locator('[data-testid=event-row]:not([data-in-play])')
      .first()
      .getByTestId('price-lay')
      .first();
    await price.click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('bet-slip-form').waitFor();
    expect(await slip.getByTestId('slip-market').innerText()).toBe('Match Odds');
    const odds = slip.getByTestId('slip-odds');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=slip-odds]') as HTMLInputElement | null)?.value !== '',
    );
    await odds.fill('2.00');
    await slip.getByTestId('odds-up').click();
    expect(await odds.inputValue()).toBe('2.02');
    await slip.getByTestId('odds-down').click();
    await slip.getByTestId('odds-down').click();
    expect(await odds.inputValue()).toBe('1.99');
    await slip.getByTestId('slip-stake').fill('100');
    expect(await slip.getByTestId('slip-profit').innerText()).toBe('100.00');
    expect(await slip.getByTestId('slip-liability').innerText()).toBe('99.00');
    await slip.getByTestId('slip-cancel').click();
    expect(await slip.isVisible()).toBe(false);
  });

  it('opens the slip from the keyboard as an accessible bottom sheet on a phone', async () => {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce', bypassCSP: true });
    const phone = await context.newPage();
    try {
      await openSignedIn(phone, session, '/cricket');
      const price = phone
        .locator('[data-testid=event-row]:not([data-in-play])')
        .first()
        .getByTestId('price-back')
        .first();
      await price.waitFor();
      await price.focus();
      await phone.keyboard.press('Enter');
      const slip = phone.getByTestId('bet-slip');
      await slip.getByTestId('bet-slip-form').waitFor();
      expect(await slip.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      const box = await slip.boundingBox();
      expect(box?.width).toBe(PHONE.width);
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);
      expect(await blockingViolations(phone)).toEqual([]);
      await phone.keyboard.press('Escape');
      expect(await slip.isVisible()).toBe(false);
      expect(await price.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('backs from the ladder and sees the bet in My Bet, Current Bet and the header', async () => {
    await openSignedIn(page, session, `/sportsdetail?event=${await cricketBeforeTheOff()}`);
    await page.getByTestId('match-header').waitFor();
    const balance = page.getByTestId('balance-amount');
    await balance.waitFor();
    const balanceBefore = await balance.innerText();
    expect(await page.getByTestId('balance-exposure').innerText()).toBe('Exp: 0.00');
    const eventName = await page.locator('[data-testid=match-header] h1').innerText();

    await (await bestBack()).click();
    const slip = page.getByTestId('bet-slip');
    await slip.getByTestId('slip-stake').fill('100');
    await slip.getByTestId('slip-place').click();
    await page.getByTestId('bet-notice').filter({ hasText: 'stake 100.00' }).waitFor({
      timeout: PLACEMENT_TIMEOUT_MS,
    });
    expect(await slip.isVisible()).toBe(false);
    await page
      .locator('[data-testid=matched-bet], [data-testid=unmatched-bet]')
      .first()
      .waitFor({ timeout: PLACEMENT_TIMEOUT_MS });

    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid=balance-amount]')?.textContent !== before &&
        document.querySelector('[data-testid=balance-exposure]')?.textContent === 'Exp: 100.00',
      balanceBefore,
      { timeout: 10_000 },
    );

    const marketId = await page
      .locator('[data-market=MATCH_ODDS] [data-testid=runner-market]')
      .first()
      .getAttribute('data-market-id');
    const runnerId = await page
      .locator('[data-market=MATCH_ODDS] [data-testid=runner-row]')
      .first()
      .getAttribute('data-runner');

    await page.evaluate(() => (window.location.hash = '/currentbet'));
    const rows = page.getByTestId('current-bet-row');
    await rows.first().waitFor();
    expect(await rows.first().getByTestId('cell-event').innerText()).toBe(eventName);
    expect(await rows.first().getByTestId('cell-amount').innerText()).toBe('100.00');
    expect(await page.getByTestId('total-bets').innerText()).toBe('1');

    // A bet placed elsewhere arrives over the bet stream while the report is open.
    await apiCall(session.token, 'POST', '/api/bets', {
      marketId,
      runnerId,
      side: 'LAY',
      price: 1.01,
      stake: '200',
      clientRef: `e2e-${Date.now()}`,
    });
    await page.waitForFunction(
      () => document.querySelector('[data-testid=total-bets]')?.textContent === '2',
      undefined,
      {
        timeout: PLACEMENT_TIMEOUT_MS,
      },
    );
    expect(await page.getByTestId('total-amount').innerText()).toBe('300.00');
    await page.getByTestId('bet-side').getByText('Lay', { exact: true }).click();
    expect(await page.getByTestId('total-bets').innerText()).toBe('1');
    expect(await rows.first().getByTestId('cell-amount').innerText()).toBe('200.00');
  });

  it('cancels an unmatched bet and cashes out a matched one from My Bet', async () => {
    type Market = { id: string; runners: { id: string; back: { price: number }[] }[] };
    type Events = { events: { id: string; marketId: string | null; inPlay: boolean }[] };
    const { events } = await apiCall<Events>(session.token, 'GET', '/api/events?sport=tennis');
    const event = events.find((candidate) => !candidate.inPlay && candidate.marketId !== null);
    if (!event?.marketId) throw new Error('no tennis match before the off');
    const market = await apiCall<Market>(
      session.token,
      'GET',
      `/api/markets/${encodeURIComponent(event.marketId)}`,
    );
    const runner = market.runners[0];
    if (!runner?.back[0]) throw new Error('no price to back');
    const order = { marketId: market.id, runnerId: runner.id, side: 'BACK', stake: '100' };
    await apiCall(session.token, 'POST', '/api/bets', {
      ...order,
      price: 1000,
      clientRef: `e2e-u-${Date.now()}`,
    });
    await apiCall(session.token, 'POST', '/api/bets', {
      ...order,
      price: runner.back[0].price,
      clientRef: `e2e-m-${Date.now()}`,
    });

    await openSignedIn(page, session, `/sportsdetail?event=${event.id}`);
    const unmatched = page.getByTestId('unmatched-bet');
    await unmatched.first().waitFor();
    await unmatched.first().getByTestId('cancel-bet').click();
    await page.getByText('Cancelled 100.00 unmatched.').waitFor();
    expect(await unmatched.count()).toBe(0);

    await page.getByTestId('matched-bet').first().waitFor();
    const cashOut = page.getByTestId('cash-out-button');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=cash-out-button]') as HTMLButtonElement | null)?.disabled ===
        false,
      undefined,
      { timeout: PRICE_TIMEOUT_MS },
    );
    expect(await cashOut.innerText()).toMatch(/^Cash out -?[\d,.]+/);
    await cashOut.click();
    await page.getByText(/^Cashed out:/).waitFor({ timeout: PLACEMENT_TIMEOUT_MS });
  });

  it('lists casino bets by server page when the report type is Casino', async () => {
    await openSignedIn(page, session, '/currentbet');
    await page.getByTestId('current-bets').waitFor();
    await page.getByTestId('report-type').selectOption('Casino');
    await page.getByTestId('report-submit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=total-bets]')?.textContent === '0');
    expect(await page.locator('input[name=bet-side]').first().isDisabled()).toBe(true);
    expect(await page.getByTestId('table-empty').innerText()).toBe('No records found');
  });
});
