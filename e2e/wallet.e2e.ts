import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiCall,
  baseUrl,
  browserAvailable,
  launchBrowser,
  openSignedIn,
  operatorSession,
  type Session,
} from './support/browser.ts';
import { createPlayer } from './support/players.ts';

type Balances = { balance: string; exposure: string };

describe.runIf(browserAvailable)('wallet: live balance, statement, stake presets', () => {
  let browser: Browser;
  let page: Page;
  let operator: Session;

  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await operatorSession();
  });
  afterAll(() => browser?.close());
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });

  const newPlayer = (openingCredit: string) => createPlayer(operator, openingCredit);

  it('updates the header balance live when the operator deposits', async () => {
    const player = await newPlayer('100.00');
    await openSignedIn(page, player.session, '/home');
    const amount = page.getByTestId('balance-amount');
    await amount.waitFor();
    expect(await amount.innerText()).toBe('100.00');
    const deposit = await apiCall<Balances>(
      operator.token,
      'POST',
      `/api/admin/players/${player.id}/deposit`,
      {
        amount: '250.50',
        remark: 'Cash desk top-up',
      },
    );
    expect(deposit.balance).toBe('350.50');
    await page.waitForFunction(
      () => document.querySelector('[data-testid=balance-amount]')?.textContent === '350.50',
      undefined,
      { timeout: 10_000 },
    );
  });

  it('lists the deposit in the Account Statement with the running balance in Pts', async () => {
    const player = await newPlayer('100.00');
    await apiCall(operator.token, 'POST', `/api/admin/players/${player.id}/deposit`, {
      amount: '40',
      remark: 'Weekend bonus',
    });
    await apiCall(operator.token, 'POST', `/api/admin/players/${player.id}/withdraw`, {
      amount: '15.25',
      remark: 'Payout',
    });
    await openSignedIn(page, player.session, '/account');
    const rows = page.getByTestId('statement-row');
    await rows.first().waitFor();
    const read = (index: number, cell: string) => rows.nth(index).getByTestId(`cell-${cell}`).innerText();
    expect(await rows.count()).toBe(3);
    expect(await read(0, 'remark')).toContain('Payout');
    expect(await read(0, 'debit')).toContain('15.25');
    expect(await read(0, 'pts')).toBe('124.75');
    expect(await read(1, 'remark')).toContain('Weekend bonus');
    expect(await read(1, 'credit')).toContain('40.00');
    expect(await read(1, 'pts')).toBe('140.00');
    expect(await read(2, 'pts')).toBe('100.00');
  });

  it('keeps saved stake presets across sign-out and sign-in', async () => {
    const player = await newPlayer('10.00');
    await openSignedIn(page, player.session, '/setbtnvalue');
    const rows = page.getByTestId('preset-row');
    await rows.first().waitFor();
    await rows.nth(0).getByTestId('preset-label').fill('lucky');
    await rows.nth(0).getByTestId('preset-value').fill('777');
    await page.getByTestId('stake-update').click();
    await page.getByTestId('stake-message').waitFor();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.getByTestId('login-form').waitFor();
    await page.getByTestId('login-email').fill(player.email);
    await page.getByTestId('login-password').fill(player.password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home').waitFor();
    await page.goto(`${baseUrl()}/#/setbtnvalue`);
    await page.getByTestId('preset-row').first().waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid=preset-label]') as HTMLInputElement | null)?.value === 'lucky',
    );
    expect(await rows.nth(0).getByTestId('preset-value').inputValue()).toBe('777');
  });
});
