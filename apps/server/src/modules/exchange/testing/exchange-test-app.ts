import { afterEach, beforeEach, expect } from 'vitest';
import { startTestApp, type TestContext } from '../../../test/test-app.ts';
import { auditLedger } from '../../wallet/index.ts';
import { exchangeClient } from './exchange-client.ts';

export type ExchangeTestApp = { ctx: TestContext; x: Awaited<ReturnType<typeof exchangeClient>> };

/**
 * A fresh app and exchange client for each test of the file, and afterwards, whatever the test did, a
 * ledger that adds up. Read `ctx` and `x` inside the tests: they change before each one. `env`: settings
 * of the app's environment for these tests.
 */
export function exchangeTestApp(env: Record<string, string> = {}): ExchangeTestApp {
  const current = {} as ExchangeTestApp;
  beforeEach(async () => {
    current.ctx = await startTestApp(env);
    current.x = await exchangeClient(current.ctx);
  });
  afterEach(async () => {
    expect(await auditLedger(current.ctx.deps.db)).toEqual([]);
    await current.ctx.close();
  });
  return current;
}
