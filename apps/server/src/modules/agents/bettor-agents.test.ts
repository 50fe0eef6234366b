import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../db/database.ts';
import { createOperatorMarket } from '../../test/operator-market.ts';
import { insertUser } from '../auth/index.ts';
import { playerOf, signInAgent, useAgentsTest } from './agents-test-kit.ts';
import { learnOpenBettors, readDirectAgents } from './bettor-agents.ts';
import { assignPlayer } from './tree-repo.ts';

/** The bettors' agents the market book keeps per instance, learned ahead (docs/decisions/0319). */

const t = useAgentsTest();

/** The test's database, counting the statements sent through it. */
function counted(): Sql & { reads: number } {
  const db = t.ctx.deps.db;
  const sql = {
    reads: 0,
    query: <Row>(text: string, params?: readonly unknown[]) => {
      sql.reads += 1;
      return db.query<Row>(text, params);
    },
    exec: (script: string) => db.exec(script),
  };
  return sql;
}

/** A player written straight into the tables, as another instance creates one: this one never saw it. */
async function playerElsewhere(agentId: string | null): Promise<string> {
  const db = t.ctx.deps.db;
  const user = await insertUser(db, {
    email: `${randomUUID()}@elsewhere.local`,
    name: 'Elsewhere',
    role: 'player',
    passwordHash: null,
  });
  if (agentId) await assignPlayer(db, user!.id, agentId);
  return user!.id;
}

/** A matched bet of 1.00 of `playerId` on the market's first runner, written straight into the bets. */
async function betOn(market: { id: string; runners: { id: string }[] }, playerId: string): Promise<void> {
  const id = randomUUID();
  await t.ctx.deps.db.query(
    `INSERT INTO bets (id, seq, player_id, market_id, runner_id, side, price_tick, stake_minor, matched_minor,
                       matched_value, cancelled_minor, status, persistence, client_ref, fingerprint, placed_at, updated_at)
     VALUES ($1, (SELECT coalesce(max(seq), 0) + 1 FROM bets), $2, $3, $4, 'BACK', 100, 100, 100, 25000, 0,
             'MATCHED', 'PERSIST', $1, 'f', now(), now())`,
    [id, playerId, market.id, market.runners[0]!.id],
  );
}

describe('the bettors’ agents of the market book', () => {
  it('learns the open markets’ bettors ahead, and not those of a settled market', async () => {
    const agent = await t.owner.createOk({ sharePercent: 30 });
    const [open, settled] = [
      await createOperatorMarket(t.ctx, t.ownerHeaders),
      await createOperatorMarket(t.ctx, t.ownerHeaders),
    ];
    const [under, house, late] = [
      await playerElsewhere(agent.id),
      await playerElsewhere(null),
      await playerElsewhere(agent.id),
    ];
    await betOn(open, under);
    await betOn(open, house);
    await betOn(settled, late);
    await t.ctx.deps.db.query("UPDATE markets SET status = 'SETTLED' WHERE id = $1", [settled.id]);

    expect(await learnOpenBettors(t.ctx.deps.db)).toBeGreaterThanOrEqual(2);
    const sql = counted();
    expect(await readDirectAgents(sql, [under, house])).toEqual([agent.id, null]);
    expect(sql.reads).toBe(0);
    // The settled market's bettor is read when a book first meets it.
    expect(await readDirectAgents(sql, [late])).toEqual([agent.id]);
    expect(sql.reads).toBe(1);
  });

  it('knows a player created on this instance without reading it', async () => {
    const agent = await t.owner.createOk({ sharePercent: 30, openingChips: 100 });
    const under = await playerOf(t.ctx, await signInAgent(t.ctx, agent), '10');
    const house = await playerOf(t.ctx, t.ownerHeaders, '10');
    const sql = counted();
    expect(await readDirectAgents(sql, [under.id, house.id])).toEqual([agent.id, null]);
    expect(sql.reads).toBe(0);
  });

  it('reads a player created on another instance when a book first meets it, once', async () => {
    const agent = await t.owner.createOk({ sharePercent: 30 });
    const [under, house] = [await playerElsewhere(agent.id), await playerElsewhere(null)];
    const sql = counted();
    expect(await readDirectAgents(sql, [under, house])).toEqual([agent.id, null]);
    expect(sql.reads).toBe(2);
    expect(await readDirectAgents(sql, [under, house])).toEqual([agent.id, null]);
    expect(sql.reads).toBe(2);
  });
});
