import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiDemoLogin,
  baseUrl,
  browserAvailable,
  hashPath,
  launchBrowser,
  openSignedIn,
  type Session,
} from './support/browser.ts';

const SHELL = ['sidebar', 'header', 'carousel', 'footer'] as const;

describe.runIf(browserAvailable)('access rules and the shell', () => {
  let browser: Browser;
  let page: Page;
  let session: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiDemoLogin();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });

  it.each(['/home', '/account', '/no-such-page', '/'])(
    'shows the login screen at %s without a token',
    async (path) => {
      await page.goto(`${baseUrl()}/#${path}`);
      await page.getByTestId('login-page').waitFor();
      for (const part of SHELL) expect(await page.getByTestId(part).count()).toBe(0);
    },
  );

  it('redirects / to /login with a token, and /login has no shell', async () => {
    await openSignedIn(page, session, '/');
    await page.getByTestId('login-page').waitFor();
    expect(hashPath(page)).toBe('/login');
    for (const part of SHELL) expect(await page.getByTestId(part).count()).toBe(0);
  });

  it('redirects an unknown path to /home', async () => {
    await openSignedIn(page, session, '/definitely-not-a-route');
    await page.getByTestId('home').waitFor();
    expect(hashPath(page)).toBe('/home');
  });

  it.each([
    ['/home', 'home'],
    ['/aboutus', 'about'],
    ['/ourcasino', 'lobby'],
    ['/livecasino', 'lobby'],
    ['/ourvirtual', 'lobby'],
    ['/cricket', 'sports-list'],
    ['/footbal', 'sports-list'],
    ['/tennis', 'sports-list'],
    ['/politics', 'sports-list'],
    ['/horse-racing', 'sports-list'],
    ['/sportsdetail', 'sports-detail'],
    ['/ballbyball', 'ball-by-ball'],
    ['/account', 'account-statement'],
    ['/CasinoResult', 'casino-results'],
    ['/currentbet', 'current-bets'],
    ['/setbtnvalue', 'stake-buttons'],
    ['/avitar', 'aviator'],
  ])('renders %s with sidebar, header, carousel and footer', async (path, pageId) => {
    await openSignedIn(page, session, path);
    await page.getByTestId(pageId).waitFor();
    expect(hashPath(page)).toBe(path);
    for (const part of SHELL) await expect(page.getByTestId(part).isVisible()).resolves.toBe(true);
  });

  it('lists every sidebar group open by default with the spec links', async () => {
    await openSignedIn(page, session, '/home');
    const groups = page.getByTestId('sidebar-group');
    await groups.first().waitFor();
    expect(await groups.count()).toBe(3);
    const toggles = page.getByTestId('sidebar-group-toggle');
    for (let index = 0; index < 3; index += 1) {
      expect(await toggles.nth(index).getAttribute('aria-expanded')).toBe('true');
    }
    const hrefs = await page
      .getByTestId('sidebar-link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const path of [
      '/horse-racing',
      '/greyhound-racing',
      '/ourcasino',
      '/fantasy-game',
      '/ice-hockey',
      '/tennis',
    ]) {
      expect(hrefs).toContain(`#${path}`);
    }
    expect(hrefs).toHaveLength(19);
  });

  it('shows the header parts: links, search toggle, Rules, balance and the Demo menu', async () => {
    await openSignedIn(page, session, '/home');
    await page.getByTestId('header').waitFor();
    expect(await page.getByTestId('header-link').allInnerTexts()).toEqual([
      'Exchange',
      'Aviator',
      'All Casino',
      'Slot Game',
      'Table Game',
      'Instant Win',
      'Shooting Games',
      'Live Casino',
      'Virtual Sports',
      'Indian Casino',
    ]);
    await page.getByTestId('header-search-toggle').click();
    await page.getByTestId('header-search-input').waitFor();
    await page.getByTestId('header-search-toggle').click();
    expect(await page.getByTestId('header-search-input').count()).toBe(0);
    expect(await page.getByTestId('rules').innerText()).toContain('Rules');
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('user-menu-item').allInnerTexts()).toEqual([
      'Account Statement',
      'Current Bet',
      'Casino results',
      'Set button values',
      'Responsible gaming',
      'API access',
    ]);
    expect(await page.getByTestId('sign-out').innerText()).toBe('Sign out');
  });

  it('shows the footer links, badges and copyright', async () => {
    await openSignedIn(page, session, '/home');
    await page.getByTestId('footer').waitFor();
    expect(await page.getByTestId('footer-link').allInnerTexts()).toEqual([
      'Terms and Conditions',
      'Responsible Gaming',
      '24X7 Support',
    ]);
    await expect(page.getByTestId('footer-badges').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('copyright').innerText()).toContain('2024');
  });

  it('shows the default error page for a failing route', async () => {
    await openSignedIn(page, session, '/sportsdetail?event=abc');
    await page.getByTestId('route-error').waitFor();
    expect(await page.locator('[data-testid=route-error] h2').innerText()).toBe(
      'Unexpected Application Error!',
    );
    expect(await page.getByTestId('route-error-message').innerText()).toBe('400 Bad Request');
  });
});
