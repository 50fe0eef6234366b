import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiDemoLogin,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  operatorSession,
} from './support/browser.ts';
import { createPlayer } from './support/players.ts';
import { blockingViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/routes.ts';

type History = { items: { action: string; after: { timedOutUntil: string | null } | null }[] };

/** The end of a break as the admission gate words it in a refusal: `2026-11-28 15:22 UTC`. */
const gateTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The Responsible gaming page against the real server: a break taken there refuses the next stake
 * with the break's end; a self-exclusion signs the player out onto the login page, which then
 * refuses to sign them in. A fresh player each time, as both leave the player unable to bet.
 */
describe.runIf(browserAvailable)('responsible gaming: breaks taken on the page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    page = await context.newPage();
  });
  afterEach(() => context?.close());

  /** A player with a password (a demo player has none to confirm a self-exclusion with). */
  const playerWithPassword = async () => createPlayer(await operatorSession(), '500.00');

  async function placeDragonTigerBet(): Promise<string> {
    await page.evaluate(() => (window.location.hash = '/casino-table?id=dragon-tiger'));
    await page.waitForFunction(
      () => {
        const stage = document.querySelector('[data-testid=stage]');
        const timer = document.querySelector('[data-testid=timer]');
        return stage?.getAttribute('data-status') === 'BETTING' && Number(timer?.textContent) >= 2;
      },
      undefined,
      { timeout: 45_000 },
    );
    await page.locator('[data-testid=market][data-market="dragon"]').click();
    await page.getByTestId('stake-input').fill('100');
    await page.getByTestId('bet-submit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=bet-message]')?.textContent);
    return page.getByTestId('bet-message').innerText();
  }

  it('is keyboard complete and axe clean on a phone, confirm step and form errors open', async () => {
    await page.setViewportSize(PHONE);
    await openSignedIn(page, await apiDemoLogin(), '/responsible-gaming');
    await page.getByTestId('history-table').locator('[data-testid=table-empty]').waitFor();
    const other = page.locator('[data-testid=break-choice][data-value="other"]');
    await page.locator('[data-testid=break-choice][data-value="1"]').focus();
    // 7 days, 30 days, Other: native radios move and check with the arrow keys.
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    expect(await other.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('break-days');
    await page.keyboard.type('43');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('break-days-error').innerText()).toBe(
      'Enter a whole number of days from 1 to 42.',
    );
    await page.getByTestId('exclusion-submit').click();
    expect(await page.getByTestId('exclusion-period-error').innerText()).toBe(
      'Choose how long to exclude yourself.',
    );
    expect(await blockingViolations(page)).toEqual([]);

    await page.getByTestId('break-days').fill('2');
    await page.keyboard.press('Enter');
    await page.getByTestId('break-confirm').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm your break');
    expect(await blockingViolations(page)).toEqual([]);
    await page.getByTestId('break-back').press('Enter');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'break-continue',
    );
    expect(await page.getByTestId('break-days').inputValue()).toBe('2');
  });

  it('takes a one-day break, and the next table bet is refused with its end', async () => {
    const session = await apiDemoLogin();
    await openSignedIn(page, session, '/responsible-gaming');
    await page.getByTestId('responsible-gaming').waitFor();
    expect(await page.locator('[data-testid=break-choice][data-value="1"]').isChecked()).toBe(true);
    await page.getByTestId('break-continue').click();
    expect(await page.getByTestId('break-confirm-text').innerText()).toMatch(
      /^Take a break of 1 day\? It starts now and ends on .+\. You cannot end it early\.$/,
    );
    await page.getByTestId('break-start').click();
    expect(await page.getByTestId('break-taken-text').innerText()).toMatch(/^Your break has started\./);
    await page.getByTestId('running-break').waitFor();
    await page.getByTestId('history-row').first().waitFor();
    expect(await page.getByTestId('cell-action').first().innerText()).toBe('Took a break');

    const history = await apiCall<History>(session.token, 'GET', '/api/me/protection-history');
    const until = history.items[0]?.after?.timedOutUntil ?? '';
    const dayMs = Date.parse(until) - Date.now();
    expect(dayMs).toBeGreaterThan(23.9 * 3600_000);
    expect(dayMs).toBeLessThanOrEqual(24 * 3600_000);

    expect(await placeDragonTigerBet()).toBe(
      `You are taking a break from play. It ends on ${gateTime(until)}.`,
    );
  });

  it('self-excludes with the password, lands on the login page, and cannot sign in again', async () => {
    const player = await playerWithPassword();
    await openSignedIn(page, player.session, '/responsible-gaming');
    await page.locator('[data-testid=exclusion-period][data-value="1y"]').check();
    await page.getByTestId('exclusion-password').fill('not-the-password');
    await page.getByTestId('exclusion-submit').click();
    expect(await page.getByTestId('exclusion-error').innerText()).toBe('The password is not right.');

    await page.getByTestId('exclusion-password').fill(player.password);
    await page.getByTestId('exclusion-submit').click();
    await page.getByTestId('login-page').waitFor();
    await page.waitForFunction(() => window.location.hash === '#/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    expect(await page.getByTestId('login-notice').innerText()).toMatch(
      /^You have excluded yourself from play until .+\. You have been signed out everywhere\.$/,
    );
    const revoked = await fetch(`${new URL(page.url()).origin}/api/me`, {
      headers: { authorization: `Bearer ${player.session.token}` },
    });
    expect(revoked.status).toBe(401);

    await page.getByTestId('login-email').fill(player.email);
    await page.getByTestId('login-password').fill(player.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-failure').waitFor();
    expect(await page.getByTestId('login-failure').innerText()).toMatch(
      /^You have excluded yourself from play until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    expect(await page.getByTestId('login-notice').count()).toBe(0);
  });
});
