import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorMarket, type OperatorMarket } from '../../test/operator-market.ts';
import { openSocketProbe } from '../../test/socket-client.ts';
import { cashDeskClient } from '../../test/cash-desk-client.ts';
import { bearer, loginAs, startTestApp, TEST_ADMIN, type TestContext } from '../../test/test-app.ts';
import { readReplicaStatus } from '../../db/read-replica.ts';
import { tableUnitId } from '../tables/index.ts';
import { alertThresholds, readDashboard } from './dashboard.ts';
import { DASHBOARD_SHARED_MS } from './dashboard-stream.ts';

/** The console's dashboard, exposures and money reports (docs/decisions/0246, 0247). */

type Headers = Record<string, string>;
let t: TestContext;
let admin: Headers;
/** The tables' clock, moved by hand to the end of each phase. */
const clock = { nowMs: Date.now() };
let viewerToken: string;
let playerToken: string;
let market: OperatorMarket;
let alice: { id: string; headers: Headers };
let bob: { id: string; headers: Headers };

const OPERATOR_ACCOUNTS = ['house', 'commission', 'casino-clearing', 'cash:market-maker'];
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** Low thresholds, so the bets below raise the alerts. */
const LOW_THRESHOLDS = { ALERT_MARKET_LIABILITY: '150.00', ALERT_PLAYER_WIN: '50.00' };

beforeAll(async () => {
  t = await startTestApp(LOW_THRESHOLDS, { tables: { timers: false, nowMs: () => clock.nowMs } });
  admin = bearer(await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password));
  const email = `viewer-${randomUUID().slice(0, 6)}@staff.local`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/staff',
    headers: admin,
    payload: { email, password: 'staff-password', name: 'Viewer', role: 'viewer' },
  });
  expect(created.statusCode).toBe(201);
  viewerToken = await loginAs(t.app, email, 'staff-password');
  alice = await newPlayer();
  bob = await newPlayer();
  playerToken = alice.headers.authorization!.slice('Bearer '.length);
  market = await createOperatorMarket(t, admin);
});
afterAll(async () => {
  await t.close();
});

async function newPlayer() {
  const email = `reports-${randomUUID().slice(0, 8)}@test.local`;
  const desk = cashDeskClient(t, admin);
  const id = await desk.createPlayer(email);
  await desk.deposit(id, { amount: '1000', remark: 'test' });
  return { id, headers: bearer(await loginAs(t.app, email, 'secret1')) };
}

async function advanceTable(tableId: string) {
  const result = await t.deps.units.send(tableUnitId(tableId), { type: 'advance' });
  expect(result.ok).toBe(true);
}

/** The dashboard is shared for a moment between readers: wait for a fresh one. */
const fresh = () => new Promise((resolve) => setTimeout(resolve, DASHBOARD_SHARED_MS + 50));

const get = (url: string, headers: Headers = bearer(viewerToken)) =>
  t.app.inject({ method: 'GET', url, headers });

async function read<T>(url: string): Promise<T> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function bet(player: { headers: Headers }, side: 'BACK' | 'LAY') {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/bets',
    headers: player.headers,
    payload: {
      marketId: market.id,
      runnerId: market.runners[0]!.id,
      side,
      price: 2,
      stake: '100',
      persistence: 'PERSIST',
      clientRef: randomUUID(),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
}

/** What the operator's accounts hold now, from their balance shards (not from the transfers). */
async function operatorBalanceMinor(): Promise<bigint> {
  const [row] = await t.deps.db.query<{ total: string }>(
    `SELECT coalesce(sum(balance_minor), 0)::text AS total FROM system_balance_shards WHERE account_id = ANY($1)`,
    [OPERATOR_ACCOUNTS.slice(0, 3)],
  );
  const [maker] = await t.deps.db.query<{ total: string }>(
    `SELECT coalesce(sum(CASE WHEN credit_account_id = $1 THEN amount_minor ELSE -amount_minor END), 0)::text AS total
       FROM transfers WHERE (credit_account_id = $1 OR debit_account_id = $1) AND kind IN ('BET_WIN', 'BET_LOSS')`,
    ['cash:market-maker'],
  );
  return BigInt(row!.total) + BigInt(maker!.total);
}

type Pnl = {
  rows: { key: string; turnover: string; winnings: string; ggr: string; commission: string }[];
  total: { turnover: string; winnings: string; ggr: string; commission: string };
};

describe('console dashboard, exposures and reports', () => {
  it('answers staff of every role, refuses players and bad queries', async () => {
    const dashboard = await read<Record<string, unknown>>('/api/admin/dashboard');
    expect(Object.keys(dashboard).sort()).toEqual(
      [
        'alerts',
        'at',
        'betsPerSecond',
        'largestLiabilities',
        'onlineWindowMinutes',
        'openExposure',
        'playersOnline',
        'readReplica',
        'today',
      ].sort(),
    );
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/exposures',
      `/api/admin/reports/pnl?from=${today()}&to=${today()}`,
      `/api/admin/reports/commission?from=${today()}&to=${today()}`,
    ]) {
      expect((await get(url, bearer(playerToken))).statusCode, url).toBe(403);
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    for (const url of [
      '/api/admin/exposures?by=runner',
      '/api/admin/exposures?order=size',
      '/api/admin/exposures?limit=201',
      '/api/admin/reports/pnl?from=2026-02-30&to=2026-03-01',
      '/api/admin/reports/pnl?from=2026-03-02&to=2026-03-01',
      '/api/admin/reports/pnl?from=2024-01-01&to=2026-01-01',
      '/api/admin/reports/pnl?from=2026-03-01',
      '/api/admin/reports/pnl?from=2026-03-01&to=2026-03-01&by=week',
      '/api/admin/reports/commission?from=2026-03-01&to=2026-03-01&cursor=x',
      '/api/admin/reports/commission?from=2026-03-01&to=2026-03-01&extra=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBeTruthy();
    }
  });

  it('shows open positions, then reports the settled bets as the ledger booked them', async () => {
    const before = await operatorBalanceMinor();
    await bet(alice, 'BACK');
    await bet(bob, 'LAY');
    await t.deps.exchange.idle();

    const byMarket = await read<{ items: Record<string, unknown>[] }>('/api/admin/exposures?by=market');
    expect(byMarket.items.find((item) => item.marketId === market.id)).toMatchObject({
      liability: '200.00',
      matched: '200.00',
      players: 2,
    });
    const byPlayer = await read<{ items: Record<string, unknown>[] }>(
      '/api/admin/exposures?by=player&order=matched&limit=200',
    );
    const ours = byPlayer.items.filter((item) => item.marketId === market.id);
    expect(ours.map((item) => [item.playerId, item.liability, item.matched]).sort()).toEqual(
      [
        [alice.id, '100.00', '100.00'],
        [bob.id, '100.00', '100.00'],
      ].sort(),
    );

    await fresh();
    const open = await read<{
      openExposure: string;
      playersOnline: number;
      betsPerSecond: number;
      largestLiabilities: { marketId: string }[];
      alerts: { kind: string; subject: string }[];
    }>('/api/admin/dashboard');
    expect(open.openExposure).toBe('200.00');
    expect(open.playersOnline).toBeGreaterThanOrEqual(2);
    expect(open.betsPerSecond).toBeGreaterThan(0);
    expect(open.largestLiabilities[0]?.marketId).toBe(market.id);
    expect(open.alerts).toContainEqual(
      expect.objectContaining({ kind: 'MARKET_LIABILITY', subject: market.id }),
    );

    // A table bet, played to its settlement.
    await advanceTable('dragon-tiger');
    const table = (await get('/api/tables/dragon-tiger', alice.headers)).json();
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/tables/dragon-tiger/bets',
      headers: alice.headers,
      payload: { roundId: table.round.id, marketId: 'dragon', stake: '10', clientRef: randomUUID() },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    for (let step = 0; step < 6; step++) {
      const state = (await get('/api/tables/dragon-tiger', alice.headers)).json();
      if (state.round.id === table.round.id && state.round.status === 'SETTLED') break;
      clock.nowMs = Math.max(clock.nowMs, Date.parse(state.round.phaseEndsAt));
      await advanceTable('dragon-tiger');
    }
    const [tableBet] = await t.deps.db.query<{ status: string; payout: string }>(
      `SELECT status, coalesce(payout_minor, 0)::text AS payout FROM table_bets WHERE player_id = $1`,
      [alice.id],
    );
    expect(tableBet?.status).not.toBe('OPEN');

    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/markets/${market.id}/settle`,
      headers: admin,
      payload: { winnerRunnerId: market.runners[0]!.id },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    await t.deps.exchange.idle();

    const range = `from=${yesterday()}&to=${today()}`;
    const byProduct = await read<Pnl>(`/api/admin/reports/pnl?${range}&by=product`);
    const row = (key: string) => byProduct.rows.find((item) => item.key === key);
    // Alice's back won 100.00, less 2% commission; Bob's lay lost 100.00.
    expect(row('exchange')).toEqual({
      key: 'exchange',
      turnover: '200.00',
      winnings: '98.00',
      ggr: '2.00',
      commission: '2.00',
    });
    const tableGgr = 1000n - BigInt(tableBet!.payout);
    expect(row('tables')).toMatchObject({ turnover: '10.00', ggr: formatted(tableGgr) });
    expect(byProduct.rows.map((item) => item.key)).toEqual(['casino', 'crash', 'exchange', 'tables']);

    // The GGR is what the operator's accounts gained, to the minor unit.
    const gained = (await operatorBalanceMinor()) - before;
    expect(byProduct.total.ggr).toBe(formatted(gained));
    expect(byProduct.total.ggr).toBe(formatted(200n + tableGgr));

    const byDay = await read<Pnl>(`/api/admin/reports/pnl?${range}&by=day`);
    expect(byDay.rows.map((item) => item.key)).toEqual([yesterday(), today()]);
    expect(byDay.total).toEqual(byProduct.total);
    const bySport = await read<Pnl>(`/api/admin/reports/pnl?${range}&by=sport`);
    expect(bySport.rows.find((item) => item.key === 'politics')).toMatchObject({
      ggr: '2.00',
      turnover: '200.00',
    });
    expect(bySport.total).toEqual(byProduct.total);

    const commission = await read<{ items: Record<string, unknown>[]; total: string; next: string | null }>(
      `/api/admin/reports/commission?${range}&limit=1`,
    );
    expect(commission.items).toMatchObject([
      { day: today(), key: market.id, commission: '2.00', charges: 1 },
    ]);
    expect(commission.total).toBe('2.00');
    expect(commission.next).toBeNull();
    const bySportCommission = await read<{ items: Record<string, unknown>[] }>(
      `/api/admin/reports/commission?${range}&by=sport`,
    );
    expect(bySportCommission.items).toMatchObject([
      { key: 'politics', name: 'Politics', commission: '2.00' },
    ]);

    // The day's sums are reused for a while between snapshots; a first read sees the settlement.
    const after = await readDashboard(t.deps.db, {
      timeZone: 'UTC',
      makerAccountId: 'market-maker',
      thresholds: alertThresholds(t.deps.env),
      readReplica: () => readReplicaStatus(t.deps.db, t.deps.readDb),
    });
    expect(after.openExposure).toBe('0.00');
    expect(after.today.products.find((item) => item.product === 'exchange')?.ggr).toBe('2.00');
    expect(after.alerts).toContainEqual(expect.objectContaining({ kind: 'PLAYER_WIN', subject: alice.id }));
    expect(after.alerts.some((alert) => alert.kind === 'MARKET_LIABILITY')).toBe(false);
  });

  it('streams the dashboard to staff only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const follow = async (token: string) => {
      const probe = await openSocketProbe(`ws://127.0.0.1:${port}/ws/stream`);
      probe.socket.send(JSON.stringify({ token }));
      expect(await probe.next()).toMatchObject({ ready: true });
      probe.socket.send(JSON.stringify({ sub: 'admin-dashboard' }));
      const answer = await probe.next();
      probe.socket.close();
      return answer;
    };
    const staff = await follow(viewerToken);
    expect(staff).toMatchObject({ kind: 'admin-dashboard', snapshot: true });
    expect((staff.data as { today: unknown }).today).toBeDefined();
    expect(await follow(playerToken)).toMatchObject({ code: 'FORBIDDEN', kind: 'admin-dashboard' });
    const owner = await loginAs(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(await follow(owner)).toMatchObject({ snapshot: true });
  });
});

const formatted = (minor: bigint) => {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
