import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDemoLogin, baseUrl, browserAvailable, launchBrowser, openSignedIn } from './support/browser.ts';

/** Console lines Chromium writes when the Content-Security-Policy blocks something. */
const isCspViolation = (text: string) => /Content Security Policy|Refused to/i.test(text);

/**
 * Collects what the browser's console shows for a blocked script, style or eval: page console messages,
 * the browser's own log entries (where Chromium writes "Refused to …") and `securitypolicyviolation`
 * events, which fire even when the page catches the error (zod's eval probe does).
 */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (isCspViolation(message.text())) seen.push(message.text());
  });
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Log.entryAdded', ({ entry }) => {
    if (isCspViolation(entry.text)) seen.push(entry.text);
  });
  await cdp.send('Log.enable');
  await page.addInitScript(() => {
    const events: string[] = [];
    Object.assign(window, { cspViolations: events });
    document.addEventListener('securitypolicyviolation', (event) =>
      events.push(`Refused (Content Security Policy ${event.violatedDirective}): ${event.blockedURI}`),
    );
  });
  return async () => [
    ...seen,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

describe.runIf(browserAvailable)('Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('reports no violation on the login page', async () => {
    const page = await browser.newPage();
    const violations = await collectViolations(page);
    await page.goto(`${baseUrl()}/#/login`);
    await page.getByTestId('login-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  it('reports no violation on the home page signed in (balance socket included)', async () => {
    const page = await browser.newPage();
    const violations = await collectViolations(page);
    await openSignedIn(page, await apiDemoLogin(), '/home');
    await page.getByTestId('home').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
