import { describe, expect, it } from 'vitest';
import { HOUSE_AGENT_ID, HOUSE_PLAYERS_CHILD_ID, planShares, shareAt, type ShareEntry } from './plan.ts';

const history = new Map([
  ['agent', [{ fromMs: Date.parse('2026-01-01T00:00:00Z'), shareBp: 4000 }]],
  ['master', [{ fromMs: Date.parse('2026-01-01T00:00:00Z'), shareBp: 6000 }]],
  [
    'admin',
    [
      { fromMs: Date.parse('2026-01-01T00:00:00Z'), shareBp: 8000 },
      { fromMs: Date.parse('2026-02-01T00:00:00Z'), shareBp: 9000 },
    ],
  ],
]);
const chains = new Map([['p1', ['agent', 'master', 'admin']]]);
const lost = (sign: 1n | -1n, placedAt = '2026-01-15T00:00:00Z'): ShareEntry => ({
  playerId: 'p1',
  placedAt,
  resultMinor: -100_000n,
  turnoverMinor: 100_000n,
  commissionMinor: 0n,
  sign,
});

describe('planning a settlement’s shares', () => {
  it('takes the share set last before the bet, the first for an older bet', () => {
    expect(shareAt(history, 'admin', '2026-01-31T23:59:59Z')).toBe(8000);
    expect(shareAt(history, 'admin', '2026-02-01T00:00:00Z')).toBe(9000);
    expect(shareAt(history, 'admin', '2025-12-01T00:00:00Z')).toBe(8000);
    expect(shareAt(history, 'nobody', '2026-02-01T00:00:00Z')).toBe(0);
  });

  it('books each agent’s part, with each level’s child and everything above it', () => {
    const plan = planShares(
      [lost(1n), { ...lost(1n), resultMinor: 0n, turnoverMinor: 0n, commissionMinor: 50n }],
      chains,
      history,
    );
    expect(plan.transfers).toEqual(
      new Map([
        ['admin', 20_000n],
        ['master', 20_000n],
        ['agent', 40_000n],
      ]),
    );
    expect(plan.daily.get('agent|p1')).toMatchObject({
      ownShare: 40_000n,
      uplineShare: 60_000n,
      commission: 50n,
    });
    expect(plan.daily.get('master|agent')).toMatchObject({ ownShare: 20_000n, uplineShare: 40_000n });
    expect(plan.daily.get(`${HOUSE_AGENT_ID}|admin`)).toMatchObject({ ownShare: 20_000n, uplineShare: 0n });
    expect(plan.markets.get('admin')).toMatchObject({ playersPl: -100_000n, turnover: 100_000n });
  });

  it('books on each row the parts of the agents above its agent, nearest first, with their signs', () => {
    const plan = planShares([lost(1n), lost(-1n), lost(1n)], chains, history);
    expect(plan.daily.get('agent|p1')?.aboveShares).toEqual([20_000n, 20_000n, 0n, 0n, 0n]);
    expect(plan.daily.get('master|agent')?.aboveShares).toEqual([20_000n, 0n, 0n, 0n, 0n]);
    expect(plan.markets.get('agent')?.aboveShares).toEqual([20_000n, 20_000n, 0n, 0n, 0n]);
    expect(plan.markets.get(HOUSE_AGENT_ID)?.aboveShares).toEqual([0n, 0n, 0n, 0n, 0n]);
  });

  it('takes back an earlier settlement’s figures without a transfer of their own', () => {
    const plan = planShares([lost(1n), lost(-1n)], chains, history);
    expect(plan.transfers.get('agent')).toBe(40_000n);
    expect(plan.markets.get('agent')).toMatchObject({ playersPl: 0n, ownShare: 0n, turnover: 0n });
    expect(planShares([lost(1n)], new Map(), history).daily.size).toBe(0);
  });

  it('rounds each bet on its own when many bets repeat a result, across a share change', () => {
    // 33 bets losing 0.01 each: 40 % of one rounds to nothing, so the agent takes 0 and the house the rest.
    const small = (placedAt: string): ShareEntry => ({
      ...lost(1n, placedAt),
      resultMinor: -1n,
      turnoverMinor: 1n,
    });
    const entries = [
      ...Array.from({ length: 33 }, () => small('2026-01-15T00:00:00Z')),
      ...Array.from({ length: 7 }, () => lost(1n, '2026-02-15T00:00:00Z')),
    ];
    const plan = planShares(entries, chains, history);
    // The admin's 30 % of the February losses (its share raised to 90 %) and nothing of the cents.
    expect(plan.transfers.get('admin')).toBe(7n * 30_000n);
    expect(plan.transfers.get('agent')).toBe(7n * 40_000n);
    expect(plan.daily.get(`${HOUSE_AGENT_ID}|admin`)).toMatchObject({ ownShare: 33n + 7n * 10_000n });
    expect(plan.markets.get('agent')).toMatchObject({ playersPl: -33n - 700_000n, turnover: 33n + 700_000n });
  });

  it('books a house player’s result to the house whole under one child, without a transfer', () => {
    const plan = planShares(
      [lost(1n), { ...lost(1n), playerId: 'h1' }],
      new Map([...chains, ['h1', []]]),
      history,
    );
    expect(plan.transfers.has(HOUSE_AGENT_ID)).toBe(false);
    expect(plan.daily.get(`${HOUSE_AGENT_ID}|${HOUSE_PLAYERS_CHILD_ID}`)).toMatchObject({
      playersPl: -100_000n,
      ownShare: 100_000n,
      uplineShare: 0n,
    });
    expect(plan.markets.get(HOUSE_AGENT_ID)).toMatchObject({ playersPl: -200_000n, ownShare: 120_000n });
  });
});
