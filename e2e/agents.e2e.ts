import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  apiLogin,
  browserAvailable,
  launchBrowser,
  operatorSession,
  type Session,
} from './support/browser.ts';
import {
  cellText,
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

type Account = Credentials & { id: string; name: string };

/** Without the house's market maker only the test's own bets are in the book, at the stakes it names. */
const QUIET_MARKET = { marketMaker: false, minStake: '1' };

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e4)}`;

/** Settlement and matching run behind the API's answer; the console shows them on its next read. */
const SETTLED_TIMEOUT_MS = 20_000;
/** Seven axe runs on a slow machine. */
const AXE_TIMEOUT_MS = 120_000;

/**
 * The agent network in the console against the real server: an agent signs in with the staff form,
 * opens a player with chips, watches the player's bet in the market analysis and its loss in the
 * downline; every page an agent reaches is axe clean on a small phone and a desktop.
 */
describe.runIf(browserAvailable)('agent console', () => {
  let browser: Browser;
  let owner: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    owner = await operatorSession();
  });
  afterAll(() => browser?.close());

  /** An agent created by `creator` (the owner: a top-level agent) with a share and opening chips. */
  async function agent(creator: Session, sharePercent: number, openingChips: string): Promise<Account> {
    const account = {
      email: `agent${unique()}@e2e.local`,
      password: 'agent-e2e-pass',
      name: `Agent ${unique()}`,
    };
    const created = await apiCall<{ agent: { id: string } }>(creator.token, 'POST', '/api/admin/agents', {
      ...account,
      sharePercent,
      openingChips,
    });
    return { ...account, id: created.agent.id };
  }

  /** A bet of 12.34 at evens on the market's first runner (Home), kept if unmatched. */
  const bet = (player: Session, market: Market, side: 'BACK' | 'LAY') =>
    apiCall(player.token, 'POST', '/api/bets', {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side,
      price: 2,
      stake: '12.34',
      persistence: 'PERSIST',
      clientRef: `agents-${unique()}`,
    });

  /** A player backs Home for 12.34 against a house player's lay of the same, so both are matched. */
  async function matchedBack(player: Session, market: Market): Promise<void> {
    const layer = await createPlayer(owner, '100.00');
    await bet(layer.session, market, 'LAY');
    await bet(player, market, 'BACK');
  }

  async function signedInAgent(account: Account, viewport: { width: number; height: number }) {
    const page = await openConsole(browser, viewport);
    await signIn(page, account);
    await page.getByRole('heading', { name: 'Downline', level: 1 }).waitFor();
    return page;
  }

  /** Loads the page again and waits for its heading: the downline reads its rows once per visit. */
  const reloaded = (page: Page, heading: string) => async () => {
    await page.reload();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  };

  /** Waits until a cell shows `expected`, reading the page again each time when `reload` is given. */
  async function untilCell(
    page: Page,
    cell: [string, string, string],
    expected: string,
    reload?: () => Promise<void>,
  ) {
    await expect
      .poll(
        async () => {
          const text = await cellText(page, ...cell).catch(() => '');
          if (text !== expected && reload) await reload();
          return text;
        },
        { timeout: SETTLED_TIMEOUT_MS, interval: 500 },
      )
      .toBe(expected);
  }

  it("creates a player with chips, shows its bet's book, then its loss as P/L to the cent", async () => {
    const top = await agent(owner, 40, '500.00');
    const page = await signedInAgent(top, DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Downline',
      'Downline P/L',
      'Live bets',
      'Market analysis',
    ]);

    const player = {
      email: `punter${unique()}@e2e.local`,
      password: 'player-pass',
      name: `Punter ${unique()}`,
    };
    await page.getByRole('button', { name: 'New player' }).click();
    const create = page.getByRole('form', { name: 'Create player' });
    await create.getByLabel('Email', { exact: true }).fill(player.email);
    await create.getByLabel('Name', { exact: true }).fill(player.name);
    await create.getByLabel('Password', { exact: true }).fill(player.password);
    await create.getByLabel('Opening credit').fill('100.00');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText(`${player.email} can now sign in and play.`).waitFor();
    await untilCell(page, ['Downline', player.name, 'Balance'], '100.00');
    expect(await cellText(page, 'Downline', player.name, 'Level')).toBe('player');

    // The credit the agent extended is the opening chips: P/L counts from there.
    await page.getByRole('button', { name: `Edit ${player.name}` }).click();
    const edit = page.getByRole('form', { name: `Edit: ${player.name}` });
    await edit.getByLabel('Credit reference').fill('100.00');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(`${player.name}'s terms are saved.`).waitFor();
    await untilCell(page, ['Downline', player.name, 'Credit ref.'], '100.00');
    expect(await cellText(page, 'Downline', player.name, 'P/L')).toBe('0.00');

    const eventName = `Agents ${unique()}`;
    const market = await customMarket(owner, eventName, QUIET_MARKET);
    const punter = await apiLogin(player.email, player.password);
    await matchedBack(punter, market);

    await nav.getByRole('link', { name: 'Market analysis' }).click();
    await page.getByRole('heading', { name: 'Market analysis', level: 1 }).waitFor();
    const reloadList = reloaded(page, 'Market analysis');
    await untilCell(page, ['Markets with bets', eventName, 'Matched'], '12.34', reloadList);
    expect(await cellText(page, 'Markets with bets', eventName, 'Bets')).toBe('1');
    const listed = page.getByRole('row').filter({ hasText: eventName });
    await listed.getByRole('link', { name: 'Match Odds' }).click();
    // Home wins: the player wins 12.34 and the agent pays 40 % of it, rounded toward zero.
    await untilCell(page, ['Book by runner', 'Home', 'Subtree if wins'], '12.34');
    expect(await cellText(page, 'Book by runner', 'Home', 'Own share if wins')).toBe('-4.93');
    expect(await cellText(page, 'Book by runner', 'Away', 'Subtree if wins')).toBe('-12.34');
    expect(await cellText(page, 'Book by runner', 'Away', 'Own share if wins')).toBe('4.93');

    // Locking the whole event for the downline refuses the player's next bet on it until it is lifted.
    const wholeEvent = page.getByRole('switch', { name: 'The whole event' });
    await wholeEvent.click();
    await page.getByText('The whole event is locked for the downline.').waitFor();
    await expect(bet(punter, market, 'BACK')).rejects.toThrow(/403.*MARKET_LOCKED_BY_AGENT/);
    await wholeEvent.click();
    await page.getByText('The whole event is open for the downline.').waitFor();
    // The switch follows once the locks are read again after the change.
    await expect.poll(() => wholeEvent.isChecked()).toBe(false);

    const away = market.runners.find((runner) => runner.name === 'Away')!;
    await apiCall(owner.token, 'POST', `/api/admin/markets/${market.id}/settle`, { winnerRunnerId: away.id });
    await nav.getByRole('link', { name: 'Downline', exact: true }).click();
    const reloadDownline = reloaded(page, 'Downline');
    await untilCell(page, ['Downline', player.name, 'P/L'], '-12.34', reloadDownline);
    expect(await cellText(page, 'Downline', player.name, 'Balance')).toBe('87.66');
    expect(await cellText(page, 'Downline', player.name, 'Exposure')).toBe('0.00');
    await page.context().close();
  });

  describe('axe', () => {
    let top: Account;
    let child: Account;
    let market: Market;

    /** A top agent with a child agent and a player whose matched bet gives the analysis a row and a book. */
    beforeAll(async () => {
      top = await agent(owner, 40, '500.00');
      const asTop = await apiLogin(top.email, top.password);
      child = await agent(asTop, 20, '100.00');
      const email = `axe${unique()}@e2e.local`;
      await apiCall(asTop.token, 'POST', '/api/admin/players', {
        email,
        password: 'player-pass',
        name: `Axe player ${unique()}`,
        openingCredit: '50.00',
      });
      market = await customMarket(owner, `Agents axe ${unique()}`, QUIET_MARKET);
      await matchedBack(await apiLogin(email, 'player-pass'), market);
    });

    /** Opens one of the child's row actions, checks the page with its form open, and closes it. */
    async function checkRowAction(page: Page, button: string, form: string): Promise<void> {
      const opener = page.getByRole('button', { name: `${button} ${child.name}` });
      await opener.click();
      const panel = page.getByRole('form', { name: `${form}: ${child.name}` });
      await panel.waitFor();
      // The form opens above the table: its first field takes the focus, and gives it back on closing.
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await expectAxeClean(page, `downline ${form.toLowerCase()} form`);
      await panel.getByRole('button', { name: 'Close' }).click();
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    }

    for (const viewport of [SMALL_PHONE, DESKTOP])
      it(
        `every page an agent reaches is axe clean at ${viewport.width}×${viewport.height}`,
        { timeout: AXE_TIMEOUT_MS },
        async () => {
          const page = await signedInAgent(top, viewport);
          await expectAxeClean(page, 'downline');
          await checkRowAction(page, 'Chips for', 'Chips');
          await checkRowAction(page, 'Edit', 'Edit');
          await page.getByRole('button', { name: `Edit ${child.name}` }).click();
          const edit = page.getByRole('form', { name: `Edit: ${child.name}` });
          await edit.getByRole('button', { name: 'Add a sport' }).click();
          await edit.getByRole('button', { name: /^Remove the cap for / }).waitFor();
          await expectAxeClean(page, 'downline edit form with a cap per sport');
          await edit.getByRole('button', { name: 'Close' }).click();
          await checkRowAction(page, 'Lock', 'Lock');

          await page.getByRole('link', { name: child.name, exact: true }).click();
          const levels = page.getByRole('navigation', { name: 'Downline levels' });
          await levels.getByText(child.name).waitFor();
          await page.getByText('No agents or players here yet.').waitFor();
          await expectAxeClean(page, 'downline, one level down');

          await go(page, '/analysis', 'Market analysis');
          const listed = page.getByRole('row').filter({ hasText: 'Agents axe' });
          await listed.first().waitFor();
          await expectAxeClean(page, 'market analysis');
          await go(page, `/markets/${market.id}/book`, 'Market analysis');
          await page
            .getByRole('table', { name: 'Book by runner' })
            .getByRole('row', { name: /Home/ })
            .waitFor();
          await page.getByRole('switch', { name: 'This market' }).waitFor();
          await expectAxeClean(page, 'market book with its locks');

          await go(page, '/downline-pl', 'Downline P/L');
          await page.getByRole('row', { name: /Total/ }).waitFor();
          await expectAxeClean(page, 'downline P/L');
          await go(page, '/live-bets', 'Live bets');
          await page.getByRole('button', { name: 'Refresh' }).waitFor();
          await expectAxeClean(page, 'live bets');
          await go(page, `/accounts/${child.id}/statement`, 'Chip statement');
          await page
            .getByRole('row', { name: /DEPOSIT/ })
            .first()
            .waitFor();
          await expectAxeClean(page, 'chip statement');
          await page.context().close();
        },
      );
  });
});
