import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { blockingViolations } from './axe.ts';
import { apiCall, baseUrl, type Session } from './browser.ts';

export type Credentials = { email: string; password: string };
export type Market = { id: string; status: string; runners: { id: string; name: string }[] };

/** Settings of a custom market beyond its runners, as `POST /api/admin/events` takes them. */
export type MarketSettings = { marketMaker?: boolean; minStake?: string };

/** A custom event of two runners, Home and Away, whose only market nobody else trades. */
export async function customMarket(
  owner: Session,
  eventName = `Console ${Date.now()}`,
  settings: MarketSettings = {},
): Promise<Market> {
  const { sports } = await apiCall<{ sports: { slug: string }[] }>(owner.token, 'GET', '/api/sports');
  const created = await apiCall<{ markets: Market[] }>(owner.token, 'POST', '/api/admin/events', {
    sport: sports[0]!.slug,
    competition: 'E2E Cup',
    name: eventName,
    startTime: new Date(Date.now() + 86_400_000).toISOString(),
    markets: [{ type: 'MATCH_ODDS', runners: ['Home', 'Away'], ...settings }],
  });
  return created.markets[0]!;
}

/** A fresh context on the console's sign-in page; axe needs the CSP bypassed to be injected. */
export async function openConsole(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/backoffice/#/sign-in`);
  return page;
}

/** Staff and agents sign in with the same form. */
export async function signIn(page: Page, credentials: Credentials): Promise<void> {
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Moves to a console route in the open document and waits for its page heading. */
export async function go(page: Page, path: string, heading: string): Promise<void> {
  await page.evaluate((target) => (window.location.hash = target), path);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Tables show "Loading…" until their first answer; axe judges the page as its users see it. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  await page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
  expect(await blockingViolations(page), what).toEqual([]);
}

/** The text of a row's cell under the column headed `header`, as it is shown. */
export async function cellText(page: Page, tableName: string, rowText: string, header: string) {
  const table = page.getByRole('table', { name: tableName });
  const headers = await table.locator('thead th').allInnerTexts();
  const column = headers.findIndex((text) => text.trim() === header);
  if (column < 0) throw new Error(`no column ${header} in ${tableName}: ${headers.join(', ')}`);
  const row = table.locator('tbody tr').filter({ hasText: rowText }).first();
  return (await row.locator('td').nth(column).innerText()).trim();
}
