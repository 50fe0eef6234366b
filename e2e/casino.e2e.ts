import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPortalProcess, type PortalProcess } from '../tools/portal-process.ts';
import { blockingViolations } from './support/axe.ts';
import { browserAvailable, launchBrowser } from './support/browser.ts';

/*
 * The casino end to end: a portal and the local aggregator pointed at each other (CASINO_URL,
 * PORTAL_URL), a player launching a catalogue game from the portal, playing rounds on the aggregator's
 * game page in the portal's frame page (under the session bar), and finding the money of exactly those
 * rounds back in the portal.
 */

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { email: 'operator@casino-e2e.local', password: 'operator-casino-pass' };
const READY_TIMEOUT_MS = 60_000;
const ROUNDS = 4;

type Session = { token: string; user: Record<string, unknown> };
type CasinoBet = { gameName: string; stake: string; win: string; status: string };

/** Decimal money text ("1,234.50", "490.00 PTS") to integer cents; tests compare money exactly. */
function cents(text: string): number {
  const match = /(-?)([\d,]+)(?:\.(\d{1,2}))?/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const whole = Number(match[2]!.replaceAll(',', ''));
  const fraction = Number((match[3] ?? '').padEnd(2, '0'));
  return (match[1] === '-' ? -1 : 1) * (whole * 100 + fraction);
}

async function waitForOk(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`aggregator exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** The aggregator's real entry point on `port`, its state in a throw-away folder. */
async function startAggregator(port: number, portalUrl: string): Promise<() => Promise<void>> {
  // The game pages are a separate build; a fresh checkout has none yet.
  if (!existsSync(join(REPO_ROOT, 'apps/casino/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@backlay/casino'], { cwd: REPO_ROOT });
    if (build.status !== 0) throw new Error(`game pages build failed: ${String(build.stderr)}`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-casino-e2e-agg-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/casino/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      CASINO_PORT: String(port),
      CASINO_URL: `http://127.0.0.1:${port}`,
      PORTAL_URL: portalUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`http://127.0.0.1:${port}/healthz`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

type Round = { bet: string; payout: string };
type StatementLine = { remark: string; credit: string; debit: string; pts: string };

/** Plays `rounds` rounds on a game page with its default stake; answers each round's bet and payout. */
async function playRounds(game: FrameLocator, playLabel: string, rounds: number): Promise<Round[]> {
  const rows = game.locator('table.history tbody tr');
  const play = game.getByRole('button', { name: playLabel, exact: true });
  for (let round = 1; round <= rounds; round += 1) {
    await play.click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(round);
    await expect.poll(() => play.isEnabled()).toBe(true);
  }
  return rows.evaluateAll((trs) =>
    trs.map((tr) => ({ bet: tr.children[1]!.textContent!, payout: tr.children[3]!.textContent! })),
  );
}

/** The Account Statement's rows as shown, newest first. */
async function readStatement(page: Page): Promise<StatementLine[]> {
  await page.evaluate(() => {
    window.location.hash = '/account';
  });
  const statement = page.getByTestId('statement-row');
  await statement.first().waitFor();
  return statement.evaluateAll((trs) =>
    trs.map((tr) => {
      const cell = (id: string) => tr.querySelector(`[data-testid=cell-${id}]`)?.textContent ?? '';
      return { remark: cell('remark'), credit: cell('credit'), debit: cell('debit'), pts: cell('pts') };
    }),
  );
}

const sumCents = (texts: string[]) =>
  texts.reduce((sum, text) => sum + (text.trim() === '-' ? 0 : cents(text)), 0);

describe.runIf(browserAvailable)('casino: launch from the portal, play on the aggregator, money back', () => {
  let browser: Browser;
  let portal: PortalProcess;
  let stopAggregator: () => Promise<void>;
  let casinoUrl: string;
  let operator: Session;

  async function call<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${portal.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function login(email: string, password: string): Promise<Session> {
    const body = await call<{ access_token: string; user: Session['user'] }>(null, 'POST', '/api/loginUser', {
      email,
      password,
    });
    return { token: body.access_token, user: body.user };
  }

  async function newPlayer(openingCredit: string): Promise<Session> {
    const email = `casino${Date.now()}${Math.floor(Math.random() * 1e6)}@e2e.local`;
    await call(operator.token, 'POST', '/api/admin/players', {
      email,
      password: 'player-pass',
      name: 'Casino Player',
      openingCredit,
    });
    return login(email, 'player-pass');
  }

  /** A page signed in as `session`, the way a login leaves session storage, showing `path`. */
  async function openAs(session: Session, path: string, options: Parameters<Browser['newPage']>[0] = {}) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, ...options });
    await page.addInitScript(
      ([origin, token, user]) => {
        // Only the portal's storage, and only once: the player comes back from the game page signed in.
        if (window.location.origin !== origin || sessionStorage.getItem('token')) return;
        sessionStorage.setItem('token', token);
        sessionStorage.setItem('user', user);
      },
      [portal.baseUrl, session.token, JSON.stringify(session.user)] as const,
    );
    await page.goto(`${portal.baseUrl}/#${path}`);
    return page;
  }

  /** The aggregator's game page in the portal's frame page, once a launch has opened it there. */
  async function inGameFrame(page: Page, gameId?: string): Promise<FrameLocator> {
    await page.waitForURL((url) => url.origin === portal.baseUrl && url.hash.startsWith('#/play?url='), {
      timeout: 20_000,
    });
    const src = new URL((await page.getByTestId('casino-frame-game').getAttribute('src')) ?? '');
    expect(src.origin).toBe(casinoUrl);
    expect(src.pathname.startsWith(`/play/${gameId ?? ''}`)).toBe(true);
    return page.frameLocator('iframe[data-testid=casino-frame-game]');
  }

  /** Checks the session bar (time since sign-in, net result) sits above the game; answers the net. */
  async function sessionBarAboveFrame(page: Page): Promise<number> {
    const bar = page.getByTestId('casino-frame').getByTestId('session-bar');
    await bar.locator('[data-testid=session-net][data-tone]').waitFor();
    expect(await bar.innerText()).toMatch(/^Session \d+:\d\d · Net [+-]?[\d,]+\.\d\d$/);
    const barBox = await bar.boundingBox();
    const frameBox = await page.getByTestId('casino-frame-game').boundingBox();
    expect(barBox && frameBox && barBox.y >= 0 && barBox.y + barBox.height <= frameBox.y).toBe(true);
    return cents(await bar.getByTestId('session-net').innerText());
  }

  const balanceCents = async (page: Page) => cents(await page.getByTestId('balance-amount').innerText());

  beforeAll(async () => {
    browser = await launchBrowser();
    const casinoPort = await freePort();
    casinoUrl = `http://127.0.0.1:${casinoPort}`;
    portal = await startPortalProcess({
      dataDirPrefix: 'backlay-casino-e2e-',
      env: { CASINO_URL: casinoUrl, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    });
    stopAggregator = await startAggregator(casinoPort, portal.baseUrl);
    operator = await login(ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await stopAggregator?.();
    await portal?.stop();
  });

  it('plays dice rounds launched from home; balance and statement match the rounds', async () => {
    const player = await newPlayer('500.00');
    const page = await openAs(player, '/home');
    await page.getByTestId('balance-amount').waitFor();
    const openingCents = await balanceCents(page);
    expect(openingCents).toBe(50_000);

    const spribe = page.locator('[data-testid=provider][data-provider=SPRIBE]');
    // Sections below the fold are laid out only near the screen (content-visibility), as a player scrolls.
    await spribe.scrollIntoViewIfNeeded();
    await expect.poll(() => spribe.getByTestId('provider-count').innerText()).toBe('11 games');
    await spribe.getByRole('button', { name: 'Dice', exact: true }).click();
    const game = await inGameFrame(page);
    await page.getByRole('heading', { level: 1, name: 'Dice' }).waitFor();
    await game.getByRole('heading', { level: 1, name: 'Dice' }).waitFor();
    expect(await sessionBarAboveFrame(page)).toBe(0);

    const played = await playRounds(game, 'Roll', ROUNDS);
    const stakeCents = sumCents(played.map((round) => round.bet));
    const payoutCents = sumCents(played.map((round) => round.payout));
    expect(stakeCents).toBe(ROUNDS * 1000);
    const expectedCents = openingCents - stakeCents + payoutCents;
    await expect.poll(async () => cents(await game.locator('.balance').innerText())).toBe(expectedCents);
    // The portal around the frame follows the same money: its balance, and the session bar's net.
    await expect.poll(() => balanceCents(page), { timeout: 15_000 }).toBe(expectedCents);
    const net = page.getByTestId('casino-frame').getByTestId('session-net');
    await expect
      .poll(async () => cents(await net.innerText()), { timeout: 15_000 })
      .toBe(payoutCents - stakeCents);

    // The portal's own record of the rounds: every bet settled, the same stakes and wins.
    const casinoBets = async () =>
      (await call<{ items: CasinoBet[] }>(player.token, 'GET', '/api/casino/bets?page=1&pageSize=10')).items;
    await expect
      .poll(async () => (await casinoBets()).filter((bet) => bet.status !== 'OPEN').length)
      .toBe(ROUNDS);
    const bets = await casinoBets();
    expect(bets.every((bet) => bet.gameName === 'Dice')).toBe(true);
    expect(sumCents(bets.map((bet) => bet.stake))).toBe(stakeCents);
    expect(sumCents(bets.map((bet) => bet.win))).toBe(payoutCents);

    // The game page's Home link replaces the whole window (not the frame) with the portal's home.
    await game.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${portal.baseUrl}/#/home`);
    await expect.poll(() => balanceCents(page), { timeout: 15_000 }).toBe(expectedCents);
    expect(await page.getByTestId('casino-frame').count()).toBe(0);

    // One debit per bet and one credit per winning round, and the last running balance.
    const lines = await readStatement(page);
    const casinoLines = lines.filter((line) => line.remark.includes('Dice'));
    const wins = played.filter((round) => cents(round.payout) > 0).length;
    expect(casinoLines).toHaveLength(ROUNDS + wins);
    expect(sumCents(casinoLines.map((line) => line.debit))).toBe(stakeCents);
    expect(sumCents(casinoLines.map((line) => line.credit))).toBe(payoutCents);
    expect(cents(lines[0]!.pts)).toBe(expectedCents);
    await page.close();
  });

  it('finds a title in the F Games lobby by provider and search, and opens it', async () => {
    const player = await newPlayer('100.00');
    const page = await openAs(player, '/f-games');
    await page.locator('[data-testid=provider-option][data-provider=spribe]').check();
    await page.getByTestId('catalogue-search').fill('mines');
    await expect.poll(() => page.getByTestId('catalogue-count').innerText()).toMatch(/^1 of \d+ games$/);
    await page.getByTestId('catalogue-tile').click();
    const game = await inGameFrame(page);
    await game.getByRole('heading', { level: 1, name: 'Mines' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Mines' }).waitFor();

    // From the keyboard: skip to the content, and the first stop there is the way back to the lobby.
    await page.getByTestId('skip-link').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'casino-frame-back',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`${portal.baseUrl}/#/f-games`);
    await page.getByTestId('catalogue-tile').first().waitFor();
    await page.close();
  });

  it('frames the game on a phone, axe clean, and never frames a page this tab did not launch', async () => {
    const player = await newPlayer('100.00');
    // axe is injected as a script, which the portal's CSP refuses.
    const page = await openAs(player, '/f-games', { viewport: { width: 375, height: 800 }, bypassCSP: true });
    await page.getByTestId('catalogue-tile').first().click();
    const game = await inGameFrame(page);
    await game.getByRole('heading', { level: 1 }).waitFor();
    await sessionBarAboveFrame(page);
    const frameBox = await page.getByTestId('casino-frame-game').boundingBox();
    expect(frameBox!.width).toBeGreaterThan(300);
    expect(frameBox!.y + frameBox!.height).toBeLessThanOrEqual(800 + 1);
    expect(await blockingViolations(page)).toEqual([]);

    // A crafted link, or the same address after a reload (a new tab has no launches): no frame.
    const crafted = `/play?url=${encodeURIComponent(`${casinoUrl}/play/dice?token=stolen`)}`;
    await page.evaluate((hash) => (window.location.hash = hash), crafted);
    await page.getByTestId('casino-frame-unavailable').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.getByTestId('casino-frame-unavailable').innerText()).toContain(
      'Open the game again from the casino lobby',
    );
    await page.getByTestId('casino-frame-lobby').click();
    await page.waitForURL(`${portal.baseUrl}/#/ourcasino`);
    await page.close();
  });

  it('opens Aviator from the header link through jdbgamelink', async () => {
    const player = await newPlayer('100.00');
    const page = await openAs(player, '/home');
    await page.getByTestId('header-link').filter({ hasText: 'Aviator' }).click();
    const game = await inGameFrame(page, '22001');
    await game.getByRole('heading', { level: 1, name: 'Aviator' }).waitFor();
    await sessionBarAboveFrame(page);
    await page.close();
  });

  it('tells the player in words when the game provider is down', async () => {
    const player = await newPlayer('100.00');
    const page = await openAs(player, '/slot-game');
    await page.getByTestId('catalogue-tile').first().waitFor();
    await stopAggregator();
    await page.getByTestId('catalogue-tile').first().click();
    const notice = page.getByTestId('launch-failure');
    await notice.waitFor();
    expect(await page.getByTestId('launch-failure-text').innerText()).toBe(
      'The game provider is not answering right now. Please try again in a moment.',
    );
    await page.keyboard.press('Escape');
    await notice.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${portal.baseUrl}/#/slot-game`);
    await page.close();
  });
});
