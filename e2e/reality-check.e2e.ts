import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  browserAvailable,
  hashPath,
  launchBrowser,
  openSignedIn,
  operatorSession,
  type Session,
} from './support/browser.ts';

/**
 * The shortest interval is 15 minutes, so the page's clock is driven (playwright's fake clock, set to
 * the real time at install). The server's clock is real: its due time stays the one the page reaches.
 */
describe.runIf(browserAvailable)('reality check', () => {
  let browser: Browser;
  let operator: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await operatorSession();
  });
  afterAll(() => browser?.close());

  async function playerWithFifteenMinutes(): Promise<Session> {
    const email = `rc${Date.now()}${Math.floor(Math.random() * 1e6)}@e2e.local`;
    await apiCall(operator.token, 'POST', '/api/admin/players', {
      email,
      password: 'player-pass',
      name: 'E2E Player',
      openingCredit: '100.00',
    });
    const session = await apiLogin(email, 'player-pass');
    expect(await apiCall(session.token, 'PUT', '/api/me/reality-check', { minutes: 15 })).toEqual({
      minutes: 15,
    });
    return session;
  }

  /** Opens the portal signed in, then lets 15 minutes pass on the page's clock. */
  async function fifteenMinutesIn(viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.clock.install();
    await openSignedIn(page, await playerWithFifteenMinutes(), '/home');
    await page.waitForLoadState('load');
    // The check mounts 10 s after the page's load and reads the session then.
    const summaryRead = page.waitForResponse((response) => response.url().endsWith('/api/me/session'));
    await page.clock.fastForward('00:10');
    await summaryRead;
    await page.clock.fastForward('15:00');
    await page.getByRole('dialog', { name: 'Reality check' }).waitFor();
    return page;
  }

  it('shows the time, stakes and result since sign-in, and Continue closes it', async () => {
    const page = await fifteenMinutesIn({ width: 1280, height: 900 });
    const dialog = page.getByRole('dialog', { name: 'Reality check' });
    expect(await dialog.innerText()).toContain('You signed in 15 minutes ago');
    expect(await page.getByTestId('reality-staked').innerText()).toBe('0.00');
    expect(await page.getByTestId('reality-net').innerText()).toBe('0.00');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The next poll still names the answered due time (the server's clock has not reached it).
    const polled = page.waitForResponse((response) => response.url().endsWith('/api/me/session'));
    await page.clock.fastForward('01:00');
    await polled;
    await page.waitForTimeout(200);
    expect(await dialog.isVisible()).toBe(false);
    await page.close();
  });

  it('Log out signs out the way the header does', async () => {
    const page = await fifteenMinutesIn({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/login'));
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.close();
  });

  it('on a phone, View statement goes to the account statement', async () => {
    const page = await fifteenMinutesIn({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'View statement' }).click();
    await page.getByRole('dialog', { name: 'Reality check' }).waitFor({ state: 'hidden' });
    await page.waitForFunction(() => location.hash.startsWith('#/account'));
    expect(hashPath(page)).toBe('/account');
    await page.close();
  });
});
