import {
  adminRoundVoidResponseSchema,
  adminTableSchema,
  adminTablesResponseSchema,
} from '@backlay/contracts';
import { sha256Hex } from '@backlay/fair';
import { describe, expect, it } from 'vitest';
import { onOneDatabase, TestClock, type TablesTestApp } from './testing.ts';

/**
 * The console's live games on one database, restarts included: the list, pause and resume, and a
 * trader's void of a round in play (docs/decisions/0244).
 */
const clock = new TestClock();
const shared = onOneDatabase(clock);
const DT = 'dragon-tiger';
type Headers = Record<string, string>;

const admin = (t: TablesTestApp, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: t.admin, ...(payload === undefined ? {} : { payload }) });

async function tableOf(t: TablesTestApp, tableId: string) {
  const response = await admin(t, 'GET', '/api/admin/tables');
  expect(response.statusCode).toBe(200);
  return adminTablesResponseSchema.parse(response.json()).items.find((item) => item.id === tableId)!;
}

const bet = (t: TablesTestApp, headers: Headers, roundId: number, marketId: string, stake: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tables/${DT}/bets`,
    headers,
    payload: { roundId, marketId, stake, clientRef: `${marketId}-${roundId}-${stake}` },
  });

/** Moves the fake clock past the phase in play and runs the change. */
async function step(t: TablesTestApp, tableId = DT): Promise<void> {
  clock.advanceBy(60_000);
  await t.advance(tableId);
}

/** A round of the table taking bets that has none yet: the one in play, or a new one. */
async function bettingRound(t: TablesTestApp): Promise<number> {
  for (let tries = 0; tries < 8; tries++) {
    const round = (await tableOf(t, DT)).currentRound;
    const open = round?.status === 'BETTING' && clock.nowMs < Date.parse(round.closesAt);
    if (open && round.bets === 0) return round.id;
    await step(t);
  }
  throw new Error('no round taking bets');
}

const auditCount = async (action?: string) => {
  const [row] = await shared.db.query<{ count: bigint }>(
    'SELECT count(*) AS count FROM audit_log WHERE $1::text IS NULL OR action = $1',
    [action ?? null],
  );
  return Number(row!.count);
};

/** Stakes in and returns out of one round's ledger references, in minor units. */
async function roundMoney(tableId: string, roundId: number) {
  const [row] = await shared.db.query<{ staked: string | null; returned: string | null; refunds: bigint }>(
    `SELECT sum(amount_minor) FILTER (WHERE kind = 'CASINO_BET') AS staked,
            sum(amount_minor) FILTER (WHERE kind = 'CASINO_WIN') AS returned,
            count(*) FILTER (WHERE idempotency_key LIKE '%-refund:%') AS refunds
       FROM transfers WHERE reference = $1`,
    [`table:${tableId}:${roundId}`],
  );
  const minor = (sum: string | null) => BigInt(sum ?? 0);
  return { staked: minor(row!.staked), returned: minor(row!.returned), refunds: Number(row!.refunds) };
}

describe('the live games list', () => {
  it('shows every table and the crash game with the round in play and the last rounds, seeds revealed', async () => {
    const t = await shared.restart(null);
    const alice = await t.newPlayer('1000');
    const roundId = await bettingRound(t);
    expect((await bet(t, alice.headers, roundId, 'dragon', '100')).statusCode).toBe(201);
    expect((await bet(t, alice.headers, roundId, 'tie', '10.50')).statusCode).toBe(201);

    const response = await admin(t, 'GET', '/api/admin/tables');
    const { items } = adminTablesResponseSchema.parse(response.json());
    expect(items.map((item) => item.id)).toContain('roulette');
    expect(items.at(-1)).toMatchObject({ id: 'crash', name: 'Crash', kind: 'crash', state: 'running' });
    const table = items.find((item) => item.id === DT)!;
    expect(table).toMatchObject({ name: 'Dragon Tiger', kind: 'table', state: 'running', pause: null });
    expect(table.currentRound).toMatchObject({ id: roundId, status: 'BETTING', bets: 2, stake: '110.50' });
    expect(table.currentRound!.fairness).toMatchObject({ serverSeed: null, clientSeed: `backlay:${DT}` });

    for (let phase = 0; phase < 4; phase++) await step(t);
    const after = await tableOf(t, DT);
    const settled = after.recentRounds.find((round) => round.id === roundId)!;
    expect(settled).toMatchObject({ status: 'SETTLED', bets: 2, stake: '110.50' });
    expect(settled.settledAt).not.toBeNull();
    expect(sha256Hex(settled.fairness.serverSeed!)).toBe(settled.fairness.serverSeedHash);
    expect(after.recentRounds.length).toBeLessThanOrEqual(20);
    await t.close();
  });

  it('is refused to players', async () => {
    const t = await shared.restart(null);
    const player = await t.newPlayer();
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/tables', headers: player.headers });
    expect(refused.statusCode).toBe(403);
    await t.close();
  });
});

describe('pausing a table', () => {
  it('finishes the round in play, refuses bets, opens none until resumed, across a restart', async () => {
    let t = await shared.restart(null);
    const alice = await t.newPlayer('1000');
    const bob = await t.newPlayer('1000');
    const roundId = await bettingRound(t);
    expect((await bet(t, alice.headers, roundId, 'dragon', '100')).statusCode).toBe(201);
    const audits = await auditCount();

    const paused = await admin(t, 'POST', `/api/admin/tables/${DT}/pause`, { reason: 'dealer shoe check' });
    expect(paused.statusCode).toBe(200);
    expect(adminTableSchema.parse(paused.json())).toMatchObject({
      state: 'paused',
      pause: { by: 'admin@test.local', reason: 'dealer shoe check' },
      currentRound: { id: roundId, status: 'BETTING' },
    });
    expect(await auditCount('table pause')).toBeGreaterThanOrEqual(1);
    expect(await auditCount()).toBe(audits + 1);

    const refused = await bet(t, bob.headers, roundId, 'tiger', '50');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'TABLE_PAUSED' });
    expect(await t.cashOf(bob.id)).toBe(100_000n);

    // Pausing again changes nothing and writes nothing.
    expect((await admin(t, 'POST', `/api/admin/tables/${DT}/pause`)).statusCode).toBe(200);
    expect(await auditCount()).toBe(audits + 1);

    for (let phase = 0; phase < 4; phase++) await step(t);
    const finished = await tableOf(t, DT);
    expect(finished.currentRound).toBeNull();
    expect(finished.recentRounds[0]).toMatchObject({ id: roundId, status: 'SETTLED', bets: 1 });
    await step(t);
    await step(t);
    expect((await tableOf(t, DT)).currentRound).toBeNull();

    t = await shared.restart(t);
    await step(t);
    const restarted = await tableOf(t, DT);
    expect(restarted).toMatchObject({ state: 'paused', currentRound: null });
    expect(restarted.recentRounds[0]!.id).toBe(roundId);

    const resumed = await admin(t, 'POST', `/api/admin/tables/${DT}/resume`, { reason: 'shoe replaced' });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ state: 'running', pause: null });
    expect(await auditCount()).toBe(audits + 2);
    await t.advance(DT);
    const running = await tableOf(t, DT);
    expect(running.currentRound).toMatchObject({ status: 'BETTING' });
    expect(running.currentRound!.id).toBeGreaterThan(roundId);
    expect((await bet(t, bob.headers, running.currentRound!.id, 'tiger', '50')).statusCode).toBe(201);
    await t.close();
  });

  it('refuses unknown tables and bad bodies, writing nothing', async () => {
    const t = await shared.restart(null);
    const audits = await auditCount();
    const unknown = await admin(t, 'POST', '/api/admin/tables/no-such-table/pause');
    expect(unknown.statusCode).toBe(404);
    const long = await admin(t, 'POST', `/api/admin/tables/${DT}/pause`, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    const extra = await admin(t, 'POST', `/api/admin/tables/${DT}/pause`, { why: 'no' });
    expect(extra.statusCode).toBe(400);
    expect(await auditCount()).toBe(audits);
    expect((await tableOf(t, DT)).state).toBe('running');
    await t.close();
  });
});

describe('voiding a round', () => {
  it('refunds every bet once, shows them VOID, reveals the seed and goes on with a new round', async () => {
    const t = await shared.restart(null);
    const alice = await t.newPlayer('1000');
    const bob = await t.newPlayer('1000');
    const roundId = await bettingRound(t);
    await bet(t, alice.headers, roundId, 'dragon', '100');
    await bet(t, alice.headers, roundId, 'tie', '10');
    await bet(t, bob.headers, roundId, 'tiger', '250.25');
    await step(t); // closed: bets are in, nothing dealt
    expect(await t.cashOf(alice.id)).toBe(100_000n - 11_000n);
    const audits = await auditCount();

    const url = `/api/admin/tables/${DT}/rounds/${roundId}/void`;
    const [first, second] = await Promise.all([
      admin(t, 'POST', url, { reason: 'card misdealt' }),
      admin(t, 'POST', url, { reason: 'card misdealt' }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const answer = first!.statusCode === 200 ? first! : second!;
    const { round } = adminRoundVoidResponseSchema.parse(answer.json());
    expect(round).toMatchObject({ id: roundId, status: 'VOID', result: 'Void', bets: 3 });
    expect(round).toMatchObject({ stake: '360.25', payout: '360.25' });
    expect(sha256Hex(round.fairness.serverSeed!)).toBe(round.fairness.serverSeedHash);
    expect((first!.statusCode === 409 ? first! : second!).json()).toMatchObject({
      code: 'ROUND_ALREADY_VOID',
    });

    expect(await t.cashOf(alice.id)).toBe(100_000n);
    expect(await t.cashOf(bob.id)).toBe(100_000n);
    expect(await roundMoney(DT, roundId)).toEqual({ staked: 36_025n, returned: 36_025n, refunds: 3 });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/tables/${DT}/bets?roundId=${roundId}`,
      headers: alice.headers,
    });
    expect(mine.json().bets.map((b: { status: string }) => b.status)).toEqual(['VOID', 'VOID']);
    expect(await auditCount()).toBe(audits + 1);
    const [entry] = await shared.db.query<{ target: string; reason: string; after: unknown }>(
      `SELECT target, reason, after FROM audit_log WHERE action = 'table round void' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({
      target: `table:${DT}:${roundId}`,
      reason: 'card misdealt',
      after: { status: 'VOID', betsRefunded: 3, refunded: '360.25' },
    });

    await step(t);
    const next = (await tableOf(t, DT)).currentRound!;
    expect(next).toMatchObject({ status: 'BETTING' });
    expect(next.id).toBeGreaterThan(roundId);
    await t.close();
  });

  it('answers 409 for a settled round, 404 for an unknown one, 400 without a reason, writing nothing', async () => {
    const t = await shared.restart(null);
    const alice = await t.newPlayer('1000');
    const roundId = await bettingRound(t);
    await bet(t, alice.headers, roundId, 'dragon', '100');
    for (let phase = 0; phase < 4; phase++) await step(t);
    const cash = await t.cashOf(alice.id);
    const before = await roundMoney(DT, roundId);
    const audits = await auditCount();

    const settled = await admin(t, 'POST', `/api/admin/tables/${DT}/rounds/${roundId}/void`, {
      reason: 'late',
    });
    expect(settled.statusCode).toBe(409);
    expect(settled.json()).toMatchObject({ code: 'ROUND_SETTLED' });
    const elsewhere = await admin(t, 'POST', `/api/admin/tables/roulette/rounds/${roundId}/void`, {
      reason: 'wrong table',
    });
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await admin(t, 'POST', `/api/admin/tables/${DT}/rounds/999999999/void`, { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    const noReason = await admin(t, 'POST', `/api/admin/tables/${DT}/rounds/${roundId}/void`, {});
    expect(noReason.statusCode).toBe(400);
    const blank = await admin(t, 'POST', `/api/admin/tables/${DT}/rounds/${roundId}/void`, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    const noTable = await admin(t, 'POST', `/api/admin/tables/nope/rounds/${roundId}/void`, { reason: 'x' });
    expect(noTable.statusCode).toBe(404);

    expect(await auditCount()).toBe(audits);
    expect(await t.cashOf(alice.id)).toBe(cash);
    expect(await roundMoney(DT, roundId)).toEqual(before);
    await t.close();
  });
});
