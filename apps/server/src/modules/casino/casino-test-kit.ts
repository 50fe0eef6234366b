import type { CasinoLaunchRequest, CasinoWalletAnswer } from '@backlay/contracts';
import type { User } from '@backlay/contracts';
import { ok, type Result } from '../../platform/rejections.ts';
import type { TestContext } from '../../test/test-app.ts';
import { casinoUnavailable, type CasinoAggregator } from './aggregator.ts';
import { openCasinoSession } from './sessions-repo.ts';
import { signBody } from './signature.ts';

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
