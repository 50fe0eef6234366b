import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiDemoLogin,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  type Session,
} from './support/browser.ts';
import { markTabStops, tabWalk } from './support/keyboard.ts';
import { DESKTOP, PHONE } from './support/routes.ts';

const activeTestId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);
const activeInside = (page: Page, testId: string) =>
  page.evaluate((id) => !!document.activeElement?.closest(`[data-testid="${id}"]`), testId);

describe.runIf(browserAvailable)('keyboard-only use', () => {
  let browser: Browser;
  let session: Session;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiDemoLogin();
  });
  afterAll(() => browser?.close());

  async function open(viewport: typeof PHONE | typeof DESKTOP, path: string): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    page = await context.newPage();
    await openSignedIn(page, session, path);
    await page.locator('main > [data-testid]').first().waitFor();
    await untilControlsSettle(page);
    return page;
  }

  /** Pages fill in after their data arrives (home's tiles, live matches): walk them once complete. */
  async function untilControlsSettle(target: Page): Promise<void> {
    const controls = target.locator('a[href], button, input, select, textarea, [tabindex]');
    let last = -1;
    for (let round = 0; round < 30; round += 1) {
      const count = await controls.count();
      if (count === last) return;
      last = count;
      await target.waitForTimeout(400);
    }
  }

  it('reaches "Skip to content" with the first Tab, and it moves focus to the page', async () => {
    await open(DESKTOP, '/home');
    await page.keyboard.press('Tab');
    expect(await activeTestId(page)).toBe('skip-link');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await activeTestId(page)).toBe('page');
    await page.keyboard.press('Tab');
    expect(await activeInside(page, 'home')).toBe(true);
  });

  it.each([
    ['/home', DESKTOP],
    ['/account', DESKTOP],
    ['/currentbet', DESKTOP],
    ['/setbtnvalue', DESKTOP],
    ['/ourcasino', DESKTOP],
    ['/ballbyball', DESKTOP],
    ['/account', PHONE],
  ])(
    'tabs through every control of the shell and %s with a visible ring, without a trap',
    async (path, viewport) => {
      await open(viewport, path);
      const expected = await markTabStops(page);
      const stops = await tabWalk(page, expected + 40);
      const reached = new Set(stops.map((stop) => stop.index));
      const missed = await page.evaluate(
        (seen) =>
          Array.from(document.querySelectorAll<HTMLElement>('[data-tab-stop]'))
            .filter((element) => !seen.includes(Number(element.dataset.tabStop)))
            .map((element) => element.outerHTML.slice(0, 120)),
        [...reached],
      );
      expect(missed).toEqual([]);
      expect(stops.filter((stop) => stop.index >= 0 && !stop.ringVisible).map((stop) => stop.label)).toEqual(
        [],
      );
      // Coming back round to the first stop proves no group of elements held focus.
      expect(stops.length).toBeLessThan(expected + 40);
    },
  );

  it('keeps focus inside the open phone drawer, whose Close button is uncovered; Escape returns to the hamburger', async () => {
    await open(PHONE, '/home');
    await page.getByTestId('sidebar-toggle').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'sidebar-close');
    await page.waitForFunction(() => document.getElementById('sidebar')?.getAnimations().length === 0);
    const close = await page.getByTestId('sidebar-close').boundingBox();
    if (!close) throw new Error('no Close button box');
    const onTop = await page.evaluate(
      ([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-testid="sidebar-close"]'),
      [close.x + close.width / 2, close.y + close.height / 2] as const,
    );
    expect(onTop).toBe(true);
    for (let press = 0; press < 30; press += 1) {
      await page.keyboard.press(press % 7 === 6 ? 'Shift+Tab' : 'Tab');
      expect(await activeInside(page, 'sidebar')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'sidebar-toggle',
    );
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await activeInside(page, 'sidebar')).toBe(false);
  });

  it('closes the drawer with its Close button and returns focus to the hamburger', async () => {
    await open(PHONE, '/home');
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar-close').click();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'sidebar-toggle',
    );
    expect(await page.getByTestId('sidebar-toggle').getAttribute('aria-expanded')).toBe('false');
  });

  it('follows the menu button pattern in the Demo menu', async () => {
    await open(DESKTOP, '/home');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    const menuOpen = async () => (await page.getByTestId('user-menu-list').count()) === 1;
    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('Enter');
    expect(await focusedText()).toBe('Account Statement');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe('Current Bet');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText()).toBe('Sign out');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText()).toBe('Account Statement');
    await page.keyboard.press('End');
    expect(await focusedText()).toBe('Sign out');
    await page.keyboard.press('Home');
    expect(await focusedText()).toBe('Account Statement');
    await page.keyboard.press('Escape');
    expect(await menuOpen()).toBe(false);
    expect(await activeTestId(page)).toBe('user-menu');

    await page.keyboard.press('ArrowUp');
    expect(await focusedText()).toBe('Sign out');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Space');
    expect(await focusedText()).toBe('Account Statement');
    await page.keyboard.press('Tab');
    expect(await menuOpen()).toBe(false);
    expect(await activeInside(page, 'header')).toBe(true);
    expect(await activeTestId(page)).not.toBe('user-menu');

    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByTestId('current-bets').waitFor();
    expect(await menuOpen()).toBe(false);
    expect(await activeTestId(page)).toBe('user-menu');
  });

  it('opens Rules from the keyboard and Escape closes it back onto the button', async () => {
    await open(DESKTOP, '/home');
    const rules = page.getByTestId('rules');
    expect(await rules.evaluate((element) => element.tagName)).toBe('BUTTON');
    await rules.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('rules-panel').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getByTestId('rules-panel').isVisible()).toBe(false);
    expect(await activeTestId(page)).toBe('rules');
  });

  it('focuses the report tables, which scroll sideways on a phone', async () => {
    await open(PHONE, '/account');
    await page.getByTestId('statement-table').waitFor();
    await page.waitForFunction(() => document.querySelector('main [aria-busy="true"]') === null);
    const region = page.getByRole('region', { name: 'Account statement' });
    expect(await region.getAttribute('tabindex')).toBe('0');
    await region.focus();
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.activeElement?.scrollLeft ?? 0) > 0);
  });
});
