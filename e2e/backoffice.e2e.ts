import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { blockingViolations } from './support/axe.ts';
import {
  apiCall,
  apiLogin,
  baseUrl,
  browserAvailable,
  launchBrowser,
  operatorSession,
  type Session,
} from './support/browser.ts';
import {
  customMarket,
  expectAxeClean,
  go,
  openConsole,
  signIn,
  type Credentials,
  type Market,
} from './support/console.ts';
import { createPlayer } from './support/players.ts';
import { DESKTOP, SMALL_PHONE } from './support/routes.ts';

type StaffRole = 'owner' | 'trader' | 'support' | 'viewer';

/**
 * The operator's console at /backoffice/ against the real server: each staff role sees and may use its
 * own controls, every change lands in the audit log, players are turned away, and every page is axe
 * clean on a phone and a desktop.
 */
describe.runIf(browserAvailable)('operator console', () => {
  let browser: Browser;
  let owner: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await operatorSession();
  });
  afterAll(() => browser?.close());

  async function staffMember(role: StaffRole): Promise<Credentials> {
    const credentials = {
      email: `${role}${Date.now()}${Math.floor(Math.random() * 1e4)}@e2e.local`,
      password: 'staff-e2e-pass',
    };
    await apiCall(owner.token, 'POST', '/api/admin/staff', { ...credentials, name: `E2E ${role}`, role });
    return credentials;
  }

  async function signedIn(
    credentials: Credentials,
    viewport: { width: number; height: number } = DESKTOP,
  ): Promise<Page> {
    const page = await openConsole(browser, viewport);
    await signIn(page, credentials);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    return page;
  }

  const placeBet = (player: Session, market: Market) =>
    fetch(`${baseUrl()}/api/bets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        marketId: market.id,
        runnerId: market.runners[0]!.id,
        side: 'BACK',
        price: 2,
        stake: '10',
        clientRef: `console-${Date.now()}`,
      }),
    });

  it('support credits a player at the cash desk and finds the audit row', async () => {
    const player = await createPlayer(owner, '100.00');
    const page = await signedIn(await staffMember('support'));
    await go(page, `/players/${player.id}`, 'E2E Player');
    await page.getByLabel('Amount').fill('25');
    await page.getByLabel('Remark').fill('console credit');
    await page.getByRole('button', { name: 'Deposit' }).click();
    await page.getByText('Deposited 25.').waitFor();
    await page.locator('[data-testid=fact-balance]:text-is("125.00")').waitFor();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `player:${player.id}` });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain('cash deposit');
    await page.context().close();
  });

  it('a trader suspends a market (a bet on it is refused) and settles it', async () => {
    const market = await customMarket(owner);
    const player = await createPlayer(owner, '100.00');
    const page = await signedIn(await staffMember('trader'));
    await go(page, `/markets/${market.id}`, 'Match Odds');
    await page.getByRole('button', { name: 'Suspend market' }).click();
    await page.locator('[data-testid=fact-status]:text-is("SUSPENDED")').waitFor();
    const refused = await placeBet(player.session, market);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);

    await page.getByLabel('Winner').selectOption({ label: 'Home' });
    await page.getByRole('button', { name: 'Settle market' }).click();
    await page.getByText('Market settled.').waitFor();
    const settled = await apiCall<Market>(owner.token, 'GET', `/api/markets/${market.id}`);
    expect(['CLOSED', 'SETTLED']).toContain(settled.status);
    await page.context().close();
  });

  it('a viewer sees no change controls, and the server refuses a change with 403', async () => {
    const credentials = await staffMember('viewer');
    const player = await createPlayer(owner, '100.00');
    const market = await customMarket(owner);
    const page = await signedIn(credentials);
    expect(await page.getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await go(page, `/players/${player.id}`, 'E2E Player');
    await page.getByRole('heading', { name: 'Bets', level: 2 }).waitFor();
    for (const name of ['Deposit', 'Withdraw', 'Suspend', 'Lock betting', 'Set'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await go(page, `/markets/${market.id}`, 'Match Odds');
    await page.getByRole('heading', { name: 'Position book' }).waitFor();
    for (const name of ['Suspend market', 'Settle market', 'Void market', 'Save limits'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);

    const viewer = await apiLogin(credentials.email, credentials.password);
    const response = await fetch(`${baseUrl()}/api/admin/players/${player.id}/deposit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: '5' }),
    });
    expect(response.status).toBe(403);
    await page.context().close();
  });

  it("refuses a player's credentials: the console is for staff only", async () => {
    const player = await createPlayer(owner, '10.00');
    const page = await openConsole(browser, DESKTOP);
    await signIn(page, { email: player.email, password: player.password });
    await page.getByRole('alert').filter({ hasText: 'This console is for staff only.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Players' }).count()).toBe(0);
    await page.context().close();
  });

  for (const viewport of [SMALL_PHONE, DESKTOP])
    it(`pointing at the bets chart shows its time and value at ${viewport.width} px`, async () => {
      const page = await signedIn(
        { email: inject('adminEmail'), password: inject('adminPassword') },
        viewport,
      );
      const chart = page.locator('figure.chart', { hasText: 'Bets per second, last' });
      const area = chart.locator('.u-over');
      await area.waitFor();
      const readout = chart.locator('.chart-readout');
      expect(await readout.isVisible()).toBe(false);

      // Near the right edge, where the readout turns to the pointer's left to stay in the chart.
      const box = (await area.boundingBox())!;
      await page.mouse.move(box.x + box.width - 4, box.y + box.height / 2);
      await readout.waitFor();
      expect(await readout.getAttribute('aria-hidden')).toBe('true');
      expect(await readout.locator('.chart-readout-x').textContent()).toMatch(/^\d{2}:\d{2}$/);
      expect(await readout.locator('.chart-readout-value').textContent()).toMatch(/^\d[\d,.]*$/);
      const shown = (await readout.boundingBox())!;
      const plot = (await chart.locator('.chart-plot').boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(plot.x);
      expect(shown.x + shown.width).toBeLessThanOrEqual(plot.x + plot.width);
      await expectAxeClean(page, 'dashboard with a chart readout');

      await page.mouse.move(box.x + box.width / 2, box.y - 40);
      await readout.waitFor({ state: 'hidden' });
      await page.context().close();
    });

  /** A slow machine takes a while for 17 pages; each viewport is its own test. */
  const AXE_TIMEOUT_MS = 240_000;

  for (const viewport of [SMALL_PHONE, DESKTOP])
    it(
      `every console page is axe clean at ${viewport.width}×${viewport.height}`,
      { timeout: AXE_TIMEOUT_MS },
      async () => {
        const player = await createPlayer(owner, '10.00');
        const market = await customMarket(owner);
        const pages: [string, string][] = [
          ['/', 'Dashboard'],
          ['/players', 'Players'],
          [`/players/${player.id}`, 'E2E Player'],
          ['/downline', 'Downline'],
          ['/downline-pl', 'Downline P/L'],
          ['/live-bets', 'Live bets'],
          ['/markets', 'Markets'],
          [`/markets/${market.id}`, 'Match Odds'],
          [`/markets/${market.id}/book`, 'Market analysis'],
          ['/markets/new', 'New event'],
          ['/analysis', 'Market analysis'],
          ['/bets', 'Bets'],
          ['/feeds', 'Feeds'],
          ['/games', 'Live games'],
          ['/casino', 'Casino'],
          ['/reports', 'Reports'],
          ['/audit', 'Audit log'],
          ['/staff', 'Staff'],
        ];
        const page = await openConsole(browser, viewport);
        expect(await blockingViolations(page), 'sign-in').toEqual([]);
        await signIn(page, { email: inject('adminEmail'), password: inject('adminPassword') });
        await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
        for (const [path, heading] of pages) {
          await go(page, path, heading);
          await expectAxeClean(page, path);
        }
        await page.context().close();
      },
    );
});
