import type { CasinoLaunchRequest, CasinoWalletAnswer } from '@backlay/contracts';
import type { User } from '@backlay/contracts';
import { ok, type Result } from '../../platform/rejections.ts';
import type { Database } from '../../db/database.ts';
import type { TestContext } from '../../test/test-app.ts';
import { casinoUnavailable, type CasinoAggregator } from './aggregator.ts';
import { openCasinoSession } from './sessions-repo.ts';
import { signBody } from '@backlay/contracts/casino-signature';
import type { Callback } from './wallet-request.ts';

/** Test support for the casino module: a recording aggregator, players, launch tokens, signed calls. */

export type FakeAggregator = CasinoAggregator & { requests: CasinoLaunchRequest[]; down: boolean };

export function fakeAggregator(): FakeAggregator {
  const fake: FakeAggregator = {
    requests: [],
    down: false,
    async launch(request): Promise<Result<{ url: string }>> {
      fake.requests.push(request);
      if (fake.down) return casinoUnavailable('unreachable');
      return ok({ url: `http://casino.test/play/${request.gameId}?token=${request.token}` });
    },
  };
  return fake;
}

let demoAddress = 0;

/** A fresh demo player (1,500.00 of play money), signed in; each from its own address (demo limit). */
export async function demoPlayer(ctx: TestContext): Promise<{ user: User; bearer: Record<string, string> }> {
  demoAddress += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/demoLogin',
    remoteAddress: `10.9.${Math.floor(demoAddress / 250)}.${demoAddress % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`demo login failed: ${response.body}`);
  const body = response.json<{ user: User; access_token: string }>();
  return { user: body.user, bearer: { authorization: `Bearer ${body.access_token}` } };
}

/** A launch token as the portal mints it, without going through the aggregator. */
export function launchToken(
  ctx: TestContext,
  playerId: string,
  options: { gameId?: string | number; nowMs?: number; ttlMs?: number } = {},
): Promise<string> {
  return openCasinoSession(ctx.deps.db, {
    playerId,
    gameId: options.gameId ?? 22001,
    nowMs: options.nowMs ?? Date.now(),
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
  });
}

export type WalletKind = 'balance' | 'bet' | 'win' | 'rollback';

/** Posts a wallet callback signed with the app's secret; `signature` overrides (null: no header). */
export async function walletCall(
  ctx: TestContext,
  kind: WalletKind,
  body: Record<string, unknown> | string,
  signature?: string | null,
): Promise<CasinoWalletAnswer & { httpStatus: number }> {
  const raw = typeof body === 'string' ? body : JSON.stringify({ timestamp: Date.now(), ...body });
  const sign = signature === undefined ? signBody(ctx.deps.env.CASINO_WALLET_SECRET, raw) : signature;
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/wallet/${kind}`,
    payload: raw,
    headers: { 'content-type': 'application/json', ...(sign === null ? {} : { 'x-signature': sign }) },
  });
  return { ...response.json<CasinoWalletAnswer>(), httpStatus: response.statusCode };
}

let nextId = 0;

/** A unique transaction or round id for one test. */
export const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(nextId += 1)}`;

/** Watches a database: counts its transactions and sees each statement's text once it answered. */
export function watchedDatabase(
  db: Database,
  watch: { onTransaction: () => void; afterStatement: (text: string) => Promise<void> | void },
): Database {
  const watched: Database = Object.create(db);
  watched.transaction = (work) => {
    watch.onTransaction();
    return db.transaction((tx) =>
      work({
        ...tx,
        query: async <Row>(text: string, params?: readonly unknown[]) => {
          const rows = await tx.query<Row>(text, params);
          await watch.afterStatement(text);
          return rows;
        },
      }),
    );
  };
  return watched;
}

type Fields = { token: string; transactionId: string; amount: string; roundId?: string };

const minorOf = (amount: string) => BigInt(Math.round(Number(amount) * 100));

/** A bet callback as the wallet's route hands it on (Aviator, round r-1 unless given). */
export const betCallback = (fields: Fields): Callback => ({
  kind: 'bet',
  body: { timestamp: Date.now(), roundId: 'r-1', gameId: 22001, ...fields },
  amountMinor: minorOf(fields.amount),
});

/** A win or rollback callback of the bet `betId`. */
export const settleCallback = (kind: 'win' | 'rollback', fields: Fields & { betId: string }): Callback => ({
  kind,
  body: {
    timestamp: Date.now(),
    roundId: fields.roundId ?? 'r-1',
    gameId: 22001,
    token: fields.token,
    transactionId: fields.transactionId,
    amount: fields.amount,
    referenceTransactionId: fields.betId,
  },
  amountMinor: minorOf(fields.amount),
});

/** How many casino bets moved the player's cash in the ledger. */
export async function betsPosted(ctx: TestContext, playerId: string): Promise<number> {
  const [row] = await ctx.deps.db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM transfers WHERE kind = 'CASINO_BET' AND debit_account_id = $1`,
    [`cash:${playerId}`],
  );
  return Number(row?.n);
}
