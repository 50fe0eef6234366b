import { casinoWalletAnswerSchema } from '@backlay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/test-app.ts';
import { demoPlayer, fakeAggregator, launchToken, walletCall, type WalletKind } from './casino-test-kit.ts';
import { signBody } from '@backlay/contracts/casino-signature';

/**
 * Hostile input on every casino route, starting from valid requests so each field is reached: no 5xx
 * ever, and the wallet always answers 200 with a well-formed answer, also when the body is signed
 * (a signed body gets past the signature and into parsing and the database). The one exception is the
 * portal-wide text rule (docs/decisions/0046): a body carrying raw control or text-direction
 * characters is refused with 400 INVALID_TEXT before any route sees it.
 */
// eslint-disable-next-line no-control-regex
const REFUSED_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const HOSTILE: unknown[] = [
  '\u0000',
  'a\ud800',
  '\u202egnp.exe',
  'x'.repeat(10_240),
  "'; DROP TABLE casino_transactions; --",
  '',
  '-1',
  '1e308',
  '99999999999999999999.99',
  12345,
  -1,
  1e308,
  1.5,
  true,
  null,
  ['a'],
  { nested: { x: '\u0000' } },
];

let ctx: TestContext;
let player: Awaited<ReturnType<typeof demoPlayer>>;
let launch: string;
beforeAll(async () => {
  ctx = await startTestApp({}, { casinoAggregator: fakeAggregator() });
  player = await demoPlayer(ctx);
  launch = await launchToken(ctx, player.user.id);
});
afterAll(() => ctx.close());

const variants = (base: Record<string, unknown>) => [
  ...Object.keys(base).flatMap((field) => HOSTILE.map((bad) => ({ ...base, [field]: bad }))),
  ...Object.keys(base).map((field) =>
    Object.fromEntries(Object.entries(base).filter(([key]) => key !== field)),
  ),
];

describe('casino routes under hostile input', () => {
  it('keep the wallet answering 200 with a well-formed answer', { timeout: 120_000 }, async () => {
    const money = {
      token: launch,
      timestamp: Date.now(),
      transactionId: 'fz-1',
      roundId: 'r',
      gameId: 22001,
      amount: '1',
    };
    const bases: Record<WalletKind, Record<string, unknown>> = {
      balance: { token: launch, timestamp: Date.now() },
      bet: money,
      win: { ...money, transactionId: 'fz-2', referenceTransactionId: 'fz-1' },
      rollback: { ...money, transactionId: 'fz-3', referenceTransactionId: 'fz-1' },
    };
    const failures: string[] = [];
    for (const [kind, base] of Object.entries(bases) as [WalletKind, Record<string, unknown>][]) {
      for (const body of [...variants(base), ...HOSTILE]) {
        const raw = JSON.stringify(body) ?? 'null';
        for (const signature of [signBody(ctx.deps.env.CASINO_WALLET_SECRET, raw), null, '\u00ff']) {
          const answer = await walletCall(ctx, kind, raw, signature).catch((error: unknown) => String(error));
          const { httpStatus, ...rest } = typeof answer === 'string' ? { httpStatus: 0 } : answer;
          const textRefused = httpStatus === 400 && REFUSED_TEXT.test(raw) && 'code' in rest;
          if (!textRefused && (httpStatus !== 200 || !casinoWalletAnswerSchema.safeParse(rest).success)) {
            failures.push(`${kind} ${raw.slice(0, 80)} → ${httpStatus}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answer 5xx on launch and the bets report', { timeout: 120_000 }, async () => {
    const token = player.bearer.authorization?.slice('Bearer '.length);
    const launches: [string, Record<string, unknown>][] = [
      [
        '/casino/get-game-url',
        { gameId: 22001, unique_code: player.user.unique_code, home_url: 'http://p.test/' },
      ],
      ['/api/jdbgamelink', { auth: token, gameId: 22001, gType: 22 }],
    ];
    const statuses: string[] = [];
    for (const [url, base] of launches) {
      for (const payload of [...variants(base), ...HOSTILE]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          payload: JSON.stringify(payload),
          headers: { ...player.bearer, 'content-type': 'application/json' },
        });
        if (response.statusCode >= 500)
          statuses.push(`${url} ${JSON.stringify(payload).slice(0, 80)} → ${response.statusCode}`);
      }
    }
    for (const name of ['page', 'pageSize', 'search']) {
      for (const bad of ['%00', '%ED%A0%80', '%FF', 'x'.repeat(5000), '-1', '1e308', 'NaN', '%25', '%5C']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/casino/bets?${name}=${bad}`,
          headers: player.bearer,
        });
        if (response.statusCode >= 500)
          statuses.push(`bets ${name}=${bad.slice(0, 40)} → ${response.statusCode}`);
      }
    }
    expect(statuses).toEqual([]);
  });
});
