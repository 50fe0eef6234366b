import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { agentFamily, playerOf, signInAgent, useAgentsTest } from './agents-test-kit.ts';
import { HOUSE_VIEW_ID } from './pl-report-repo.ts';

/** The downline's P/L from the daily roll-ups (docs/decisions/0294). */

const t = useAgentsTest();
type Headers = Record<string, string>;

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** [turnover, players' P/L, own share, upline share, commission] in minor units. */
type Figures = [number, number, number, number, number];

async function book(table: 'daily' | 'markets', agentId: string, day: string, key: string, f: Figures) {
  const keyColumn = table === 'daily' ? 'child_id' : 'market_id';
  await t.ctx.deps.db.query(
    `INSERT INTO agent_pl_${table} (agent_id, day, ${keyColumn}, turnover_minor, players_pl_minor,
       own_share_minor, upline_share_minor, commission_minor) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [agentId, day, key, ...f],
  );
}

const report = (headers: Headers, query = '') =>
  t.ctx.app.inject({ url: `/api/admin/reports/downline-pl${query}`, headers });

async function reportOk(headers: Headers, query = '') {
  const answer = await report(headers, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** A top agent, its child agent and a direct player with booked days, a sibling, and a market. */
async function bookedNetwork() {
  const { parent, child } = await agentFamily(t.ctx, t.owner, 10);
  const asParent = await signInAgent(t.ctx, parent);
  const playerId = (await playerOf(t.ctx, asParent, '1', '=cmd|, "a"')).id;
  const market = await createOperatorMarket(t.ctx, t.ownerHeaders);
  await book('daily', parent.id, daysAgo(0), child.id, [100_000, -40_000, 12_000, 28_000, 500]);
  await book('daily', parent.id, daysAgo(1), child.id, [50_000, 10_003, -3_000, -7_003, 200]);
  await book('daily', parent.id, daysAgo(1), playerId, [20_000, -5_000, 4_000, 1_000, 0]);
  await book('daily', parent.id, daysAgo(10), child.id, [999_900, 1, 1, 1, 1]);
  await book('markets', parent.id, daysAgo(0), market.id, [100_000, -40_000, 12_000, 28_000, 500]);
  await book('markets', parent.id, daysAgo(1), market.id, [70_000, 5_003, 1_000, -6_003, 200]);
  await book('markets', parent.id, daysAgo(1), 'casino:round-7', [1, 2, 3, 4, 5]);
  await book('daily', HOUSE_VIEW_ID, daysAgo(0), parent.id, [100_000, -40_000, 28_000, 12_000, 500]);
  const sibling = await t.owner.createOk({ sharePercent: 10 });
  return { parent, child, asParent, playerId, market, sibling };
}

describe('GET /api/admin/reports/downline-pl', () => {
  it('sums each child, market and day of the last 7 days with totals, for the caller by default', async () => {
    const { child, asParent, playerId, market } = await bookedNetwork();
    const byChild = await reportOk(asParent);
    expect(byChild.rows).toEqual([
      {
        accountId: playerId,
        name: '=cmd|, "a"',
        turnover: '200.00',
        playersPl: '-50.00',
        ownShare: '40.00',
        uplineShare: '10.00',
        commission: '0.00',
      },
      {
        accountId: child.id,
        name: child.name,
        turnover: '1500.00',
        playersPl: '-299.97',
        ownShare: '90.00',
        uplineShare: '209.97',
        commission: '7.00',
      },
    ]);
    expect(byChild.totals).toEqual({
      turnover: '1700.00',
      playersPl: '-349.97',
      ownShare: '130.00',
      uplineShare: '219.97',
      commission: '7.00',
    });
    expect([byChild.from, byChild.to]).toEqual([daysAgo(6), daysAgo(0)]);

    const byDay = await reportOk(asParent, '?groupBy=day');
    expect(byDay.rows.map((row: { day: string; playersPl: string }) => [row.day, row.playersPl])).toEqual([
      [daysAgo(1), '50.05'],
      [daysAgo(0), '-400.00'],
    ]);
    const byMarket = await reportOk(asParent, '?groupBy=market');
    const names = byMarket.rows.map((row: { marketId: string; name: string; turnover: string }) => [
      row.marketId,
      row.name.endsWith(' · Match Odds') ? 'event · Match Odds' : row.name,
      row.turnover,
    ]);
    expect(names).toEqual([
      [market.id, 'event · Match Odds', '1700.00'],
      ['casino:round-7', 'casino:round-7', '0.01'],
    ]);
    const longer = await reportOk(asParent, `?from=${daysAgo(10)}&to=${daysAgo(0)}`);
    expect(longer.totals.turnover).toBe('11699.00');
  });

  it('reads an agent below the caller, the house for staff, and nothing outside: 404', async () => {
    const { parent, child, asParent, sibling } = await bookedNetwork();
    expect((await reportOk(asParent, `?accountId=${child.id}`)).rows).toEqual([]);
    const house = await reportOk(t.ownerHeaders);
    expect(house.rows.find((row: { accountId: string }) => row.accountId === parent.id)?.ownShare).toBe(
      '280.00',
    );
    expect((await reportOk(t.ownerHeaders, `?accountId=${parent.id}`)).rows).toHaveLength(2);
    const asChild = await signInAgent(t.ctx, child);
    for (const [headers, accountId] of [
      [asChild, parent.id],
      [asChild, sibling.id],
      [asParent, sibling.id],
      [asParent, randomUUID()],
    ] as const) {
      const outside = await report(headers, `?accountId=${accountId}`);
      expect([outside.statusCode, outside.json().code]).toEqual([404, 'ACCOUNT_NOT_FOUND']);
    }
  });

  it('refuses a period over 366 days, from after to and impossible dates with 400', async () => {
    const { asParent } = await bookedNetwork();
    for (const [query, code] of [
      ['?from=2024-01-01&to=2025-01-01', 'INVALID_DATE_RANGE'],
      ['?from=2024-02-02&to=2024-02-01', 'INVALID_DATE_RANGE'],
      ['?from=2024-02-30', 'INVALID_DATE'],
      ['?groupBy=sport', 'INVALID_REQUEST'],
    ] as const) {
      const refused = await report(asParent, query);
      expect([refused.statusCode, refused.json().code], query).toEqual([400, code]);
    }
    expect((await report(asParent, '?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('exports the rows and totals as CSV with a file name, formulas defused and cells quoted', async () => {
    const { child, asParent, playerId } = await bookedNetwork();
    const csv = await report(asParent, '?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="downline-pl-child-${daysAgo(6)}-to-${daysAgo(0)}.csv"`,
    );
    expect(csv.body.split('\r\n')).toEqual([
      'Account id,Name,Turnover,Players P/L,Own share,Upline share,Commission',
      `${playerId},"'=cmd|, ""a""",200.00,-50.00,40.00,10.00,0.00`,
      `${child.id},${child.name},1500.00,-299.97,90.00,209.97,7.00`,
      ',Total,1700.00,-349.97,130.00,219.97,7.00',
      '',
    ]);
    const byDay = await report(asParent, '?format=csv&groupBy=day');
    expect(byDay.body.split('\r\n')[0]).toBe('Day,Turnover,Players P/L,Own share,Upline share,Commission');
  });
});
