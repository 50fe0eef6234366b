import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortalProcess, type PortalProcess } from '../tools/portal-process.ts';
import { blockingViolations } from './support/axe.ts';
import { browserAvailable, launchBrowser } from './support/browser.ts';

type Session = { token: string; user: unknown };
type TableBet = { roundId: number; payout: string | null; status: string };

/**
 * The in-house games played through the web app, on a portal of their own whose round loops run three
 * times faster (TABLE_SPEED): Dragon Tiger bets, settles and shows in Casino Results; a crash bet with
 * an automatic cash-out; a ball-by-ball bet.
 */
describe.runIf(browserAvailable)('live games: tables, crash and ball-by-ball', () => {
  let portal: PortalProcess;
  let browser: Browser;

  beforeAll(async () => {
    portal = await startPortalProcess({ dataDirPrefix: 'backlay-e2e-live-', env: { TABLE_SPEED: '3' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function signedInPage(path: string): Promise<{ page: Page; session: Session }> {
    const answer = await fetch(`${portal.baseUrl}/api/demoLogin`, { method: 'POST' });
    const body = (await answer.json()) as { access_token: string; user: unknown };
    const session = { token: body.access_token, user: body.user };
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    await page.addInitScript(
      ([token, user]) => {
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('user', user);
      },
      [session.token, JSON.stringify(session.user)] as const,
    );
    await page.goto(`${portal.baseUrl}/#${path}`);
    return { page, session };
  }

  async function api<T>(session: Session, path: string): Promise<T> {
    const answer = await fetch(`${portal.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    return (await answer.json()) as T;
  }

  /** Waits for a betting phase with at least `seconds` left to bet. */
  async function awaitBetting(page: Page, seconds: number): Promise<void> {
    await page.waitForFunction(
      (least) => {
        const stage = document.querySelector('[data-testid=stage]');
        const timer = document.querySelector('[data-testid=timer]');
        return stage?.getAttribute('data-status') === 'BETTING' && Number(timer?.textContent) >= least;
      },
      seconds,
      { timeout: 30_000 },
    );
  }

  /**
   * Bets in a betting phase with time left. Betting phases last a few seconds at this speed, so on a
   * loaded machine the bet may reach the table after betting closed; it is then tried on a later round.
   */
  async function placeTableBet(page: Page, marketId: string, stake: string): Promise<number> {
    for (let attempt = 1; ; attempt += 1) {
      await awaitBetting(page, 2);
      const roundId = Number(await page.getByTestId('stage').getAttribute('data-round'));
      await page.locator(`[data-testid=market][data-market="${marketId}"]`).click();
      await page.getByTestId('stake-input').fill(stake);
      await page.getByTestId('bet-submit').click();
      const message = page.getByTestId('bet-message');
      await page.waitForFunction(() => document.querySelector('[data-testid=bet-message]')?.textContent);
      const text = (await message.innerText()).trim();
      if (/Bet placed/.test(text)) {
        await page.getByTestId('round-bet').first().waitFor();
        return roundId;
      }
      if (attempt === 3) throw new Error(`the table bet was refused three times; last: ${text}`);
      await page.getByTestId('bet-reset').click();
    }
  }

  const amount = (text: string) => text.replace(/,/g, '');

  it('bets on Dragon Tiger, sees the result and the balance, and finds the round in Casino Results', async () => {
    const { page, session } = await signedInPage('/casino-table?id=dragon-tiger');
    const roundId = await placeTableBet(page, 'dragon', '100');
    expect(amount(await page.getByTestId('bet-stake').first().innerText())).toBe('100.00');

    await page.waitForFunction(
      (id) => {
        const stage = document.querySelector('[data-testid=stage]');
        return (
          stage?.getAttribute('data-round') === String(id) && stage.getAttribute('data-status') === 'SETTLED'
        );
      },
      roundId,
      { timeout: 30_000 },
    );
    const winner = await page.getByTestId('round-result').innerText();
    // A tie of the same rank and suit is named Suited Tie (7 in 415 rounds with eight decks).
    expect(winner).toMatch(/^Winner: (Dragon|Tiger|Tie|Suited Tie)/);
    await page.getByTestId('round-take').waitFor();
    expect(await page.getByTestId('round-take').innerText()).toMatch(/You (won|lost) \d/);

    const { bets } = await api<{ bets: TableBet[] }>(
      session,
      `/api/tables/dragon-tiger/bets?roundId=${roundId}`,
    );
    expect(bets[0]?.status).not.toBe('OPEN');
    const payoutMinor = Math.round(Number(bets[0]?.payout) * 100);
    const expected = ((150_000 - 10_000 + payoutMinor) / 100).toFixed(2);
    await page.waitForFunction(
      (want) =>
        document.querySelector('[data-testid=balance-amount]')?.textContent?.replace(/,/g, '') === want,
      expected,
    );

    await page.goto(`${portal.baseUrl}/#/CasinoResult`);
    await page.getByTestId('casino-type').selectOption('dragon-tiger');
    await page.getByTestId('report-submit').click();
    const row = page.locator(
      `[data-testid=result-row]:has([data-testid=result-round]:text-is("${roundId}"))`,
    );
    await row.waitFor();
    await row.getByTestId('result-round').click();
    await page.getByTestId('round-dialog').waitFor();
    expect(winner).toContain(await page.getByTestId('round-dialog-winner').locator('strong').innerText());
    expect(await page.getByTestId('server-seed').innerText()).toMatch(/^[0-9a-f]{64}$/);
    // The checks of e2e/a11y.e2e.ts, with the round dialog open (axe needs bypassCSP).
    expect(await blockingViolations(page)).toEqual([]);
    await page.close();
  });

  it('plays a crash round with an automatic cash-out', async () => {
    const { page } = await signedInPage('/avitar');
    const box = page.getByTestId('crash-box').first();
    await box.getByTestId('crash-auto-toggle').check();
    await box.getByTestId('crash-auto').fill('1.01');
    await box.getByTestId('crash-stake').fill('10');
    // A round may crash at 1.00x, before any target; another round is then played.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await page.waitForFunction(
        () => {
          const stage = document.querySelector('[data-testid=crash-stage]');
          const seconds = Number(document.querySelector('[data-testid=crash-countdown]')?.textContent);
          return stage?.getAttribute('data-status') === 'BETTING' && seconds >= 1;
        },
        undefined,
        // The growth curve is not sped up: a round that flies to 20x takes about 50 s.
        { timeout: 120_000 },
      );
      await box.getByTestId('crash-bet').click();
      await page.waitForFunction(() =>
        /Bet placed/.test(document.querySelector('[data-testid=crash-message]')?.textContent ?? ''),
      );
      // The server's answer after the crash is what counts, not the curve the page drew.
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid=crash-bet-state]')?.getAttribute('data-confirmed') === 'true',
        undefined,
        { timeout: 120_000 },
      );
      const state = await box.getByTestId('crash-bet-state').getAttribute('data-state');
      const lastCrash = await page.getByTestId('crash-history').locator('li').first().innerText();
      if (state === 'LOST' && Number.parseFloat(lastCrash) <= 1.01) continue;
      // Confirmed: the server's bet says CASHED_OUT at 1.01x; 10.00 staked, 10.10 back.
      expect(await box.getByTestId('crash-bet-state').innerText()).toBe('Cashed out at 1.01x');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid=balance-amount]')?.textContent?.replace(/,/g, '') ===
          '1500.10',
      );
      await page.close();
      return;
    }
    throw new Error('three rounds in a row crashed at 1.00x');
  }, 400_000);

  it('places a ball-by-ball bet on the Runs market', async () => {
    const { page } = await signedInPage('/ballbyball');
    await page.getByTestId('stream-notice').waitFor();
    expect(await page.locator('[data-market="runs-1"] .market-name').innerText()).toBe('1 Runs');
    expect(await page.getByTestId('bet-submit').isDisabled()).toBe(true);
    await placeTableBet(page, 'runs-0', '50');
    expect(await page.getByTestId('bet-market').first().innerText()).toBe('0 Runs');
    expect(amount(await page.getByTestId('bet-stake').first().innerText())).toBe('50.00');
    expect(await blockingViolations(page)).toEqual([]);
    await page.close();
  });
});
