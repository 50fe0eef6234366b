import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, browserAvailable, hashPath, launchBrowser } from './support/browser.ts';

const FAILURE =
  'Authentication attempt has failed, likely due to invalid credentials. Please verify and try again.';

describe.runIf(browserAvailable)('login, demo login and sign out', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByTestId('login-form').waitFor();
  });

  async function submit(email: string, password: string): Promise<string[]> {
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    const errors = page.getByTestId('login-errors');
    if ((await errors.count()) === 0) return [];
    return errors.locator('li').allInnerTexts();
  }

  it.each([
    ['', '', ['Email is required.', 'Password is required.']],
    ['not-an-email', '123', ['Please enter a valid email.', 'Password must be at least 6 characters long.']],
    ['player@example.com', '', ['Password is required.']],
    ['', 'secret12', ['Email is required.']],
    ['a@b', 'secret12', ['Please enter a valid email.']],
    ['player@example.com', '12345', ['Password must be at least 6 characters long.']],
  ])('validates email %j and password %j together on pressing Login', async (email, password, expected) => {
    expect(await submit(email, password)).toEqual(expected);
  });

  it('shows no message before Login is pressed', async () => {
    await page.getByTestId('login-email').fill('bad');
    expect(await page.getByTestId('login-errors').count()).toBe(0);
  });

  it('shows the failure text for wrong credentials', async () => {
    await submit('nobody@example.com', 'wrong-password');
    await page.getByTestId('login-failure').waitFor();
    expect(await page.getByTestId('login-failure').innerText()).toBe(FAILURE);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  it('signs in, stores token and user, lands on /home, and sign out clears storage', async () => {
    await submit(inject('adminEmail'), inject('adminPassword'));
    await page.getByTestId('home').waitFor();
    expect(hashPath(page)).toBe('/home');
    const stored = await page.evaluate(() => ({
      token: sessionStorage.getItem('token'),
      user: JSON.parse(sessionStorage.getItem('user') ?? 'null') as { email: string } | null,
    }));
    expect(stored.token).toMatch(/^[0-9a-f]{4}\.[\w-]{43}$/);
    expect(stored.user?.email).toBe(inject('adminEmail'));

    await page.evaluate(() => sessionStorage.setItem('extra', 'x'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('login-page').waitFor();
    expect(hashPath(page)).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    const me = await fetch(`${baseUrl()}/api/me`, { headers: { authorization: `Bearer ${stored.token}` } });
    expect(me.status).toBe(401);
  });

  it('opens a demo player with Login with demo ID and lands on /home', async () => {
    await page.getByTestId('login-demo').click();
    await page.getByTestId('home').waitFor();
    expect(hashPath(page)).toBe('/home');
    const user = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('user') ?? '{}') as { name: string },
    );
    expect(user.name).toMatch(/^Demo /);
  });
});
