import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { memoryJournal } from '../state/journal.ts';
import { CasinoStore } from '../state/store.ts';
import { WalletOutbox } from '../wallet/outbox.ts';
import type { WalletPort } from '../wallet/wallet-client.ts';
import { FakePortal } from './fake-portal.ts';

export const OPERATOR_KEY = 'test-operator-key-0123456789';
export const CASINO_URL = 'http://casino.test';
export const TOKEN = 'launch-token-0123456789abcdef';
export const HOME_URL = 'http://portal.test/#/home';

export type Harness = {
  app: FastifyInstance;
  store: CasinoStore;
  outbox: WalletOutbox;
  portal: FakePortal;
  lines: string[];
  clock: { now: number };
  warnings: string[];
  /** A new store, outbox and app on the same journal, as after a restart. */
  restart(): Promise<Harness>;
  close(): Promise<void>;
};

/** The aggregator on an in-memory journal with a fake portal wallet and a hand-moved clock. */
export async function startCasino(
  options: { portal?: FakePortal; wallet?: WalletPort; lines?: string[]; clock?: { now: number } } = {},
): Promise<Harness> {
  const portal = options.portal ?? new FakePortal({ [TOKEN]: '1000.00' });
  const lines = options.lines ?? [];
  const clock = options.clock ?? { now: 1_750_000_000_000 };
  const nowMs = () => clock.now;
  const warnings: string[] = [];
  const store = CasinoStore.open(memoryJournal(lines), { nowMs, instance: 'test' });
  const log = {
    warn: (_: object, message: string) => warnings.push(message),
    error: (_: object, message: string) => warnings.push(message),
  };
  const outbox = new WalletOutbox({ store, wallet: options.wallet ?? portal, nowMs, log });
  const app = await buildApp({
    env: { CASINO_OPERATOR_KEY: OPERATOR_KEY, CASINO_URL: CASINO_URL, LOG_LEVEL: 'silent' },
    store,
    outbox,
    nowMs,
  });
  const harness: Harness = {
    app,
    store,
    outbox,
    portal,
    lines,
    clock,
    warnings,
    restart: async () => {
      await app.close();
      return startCasino({ portal, wallet: options.wallet, lines, clock });
    },
    close: () => app.close(),
  };
  return harness;
}

export async function launchGame(harness: Harness, gameId: string | number, token = TOKEN) {
  return harness.app.inject({
    method: 'POST',
    url: '/operator/launch',
    headers: { authorization: `Bearer ${OPERATOR_KEY}` },
    payload: {
      token,
      gameId,
      playerId: 'player-1',
      playerName: 'Demo Player',
      currency: 'PTS',
      homeUrl: HOME_URL,
    },
  });
}

/** Tests read answers loosely: each assertion names the fields it checks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export async function post(
  harness: Harness,
  url: string,
  payload: object,
): Promise<{ status: number; body: Loose }> {
  const response = await harness.app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() };
}
