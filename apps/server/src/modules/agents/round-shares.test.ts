import { randomUUID } from 'node:crypto';
import { TABLE_GAMES } from '@backlay/tables';
import { describe, expect, it } from 'vitest';
import { casinoRounds } from '../casino/index.ts';
import { HOUSE_AGENT_ID, shareAllRounds } from '../shares/index.ts';
import { tableRounds } from '../tables/index.ts';
import { agentsClient, playerOf, signInAgent, shareReaders, useAgentsTest } from './agents-test-kit.ts';
import { agentChains } from './share-chains-repo.ts';

/** Casino, table and crash rounds shared up the agent chain by the job (docs/decisions/0297). */

const t = useAgentsTest();
const { pl, marketFigures } = shareReaders(t);
const TABLE_ID = TABLE_GAMES[0]!.id;
const GAME_ID = `game-${randomUUID().slice(0, 8)}`;

const sources = [tableRounds, casinoRounds];
const runJob = () => shareAllRounds({ db: t.ctx.deps.db, wallet: t.ctx.deps.wallet, agentChains }, sources);

/** A settled round of the table with one bet per entry (stake and payout in minor units). */
async function settledTableRound(bets: { playerId: string; stake: bigint; payout: bigint }[]) {
  const [round] = await t.ctx.deps.db.query<{ id: string }>(
    `INSERT INTO table_rounds (table_id, status, server_seed, server_seed_hash, client_seed, nonce, opened_at,
                               closes_at, phase_ends_at, settled_at)
     VALUES ($1, 'SETTLED', 's', 'h', 'c', 1, now(), now(), now(), now()) RETURNING id::text AS id`,
    [TABLE_ID],
  );
  for (const bet of bets) {
    await t.ctx.deps.db.query(
      `INSERT INTO table_bets (id, round_id, table_id, player_id, market_id, odds_hundredths, stake_minor,
                               status, payout_minor, client_ref, fingerprint, placed_at, settled_at)
       VALUES ($1::uuid, $2, $3, $4, 'm', 200, $5, $6, $7, $1::text, 'f', now(), now())`,
      [
        randomUUID(),
        round!.id,
        TABLE_ID,
        bet.playerId,
        bet.stake,
        bet.payout > 0n ? 'WON' : 'LOST',
        bet.payout,
      ],
    );
  }
}

/** A settled crash round where the player cashed out `payout` for `stake`. */
async function settledCrashRound(playerId: string, stake: bigint, payout: bigint) {
  const [round] = await t.ctx.deps.db.query<{ id: string }>(
    `INSERT INTO table_rounds (table_id, status, server_seed, server_seed_hash, client_seed, nonce, opened_at,
                               closes_at, phase_ends_at, settled_at)
     VALUES ('crash', 'SETTLED', 's', 'h', 'c', 1, now(), now(), now(), now()) RETURNING id::text AS id`,
  );
  await t.ctx.deps.db.query(
    `INSERT INTO crash_bets (id, round_id, player_id, stake_minor, cashed_out_hundredths, status, payout_minor,
                             client_ref, fingerprint, placed_at, settled_at)
     VALUES ($1::uuid, $2, $3, $4, 200, 'CASHED_OUT', $5, $1::text, 'f', now(), now())`,
    [randomUUID(), round!.id, playerId, stake, payout],
  );
}

/** A casino callback row, old enough to be past the quiet period. */
async function callback(
  kind: 'BET' | 'WIN' | 'ROLLBACK',
  row: { id: string; playerId: string; roundId: string; amount: bigint; bet?: string; moved?: boolean },
) {
  await t.ctx.deps.db.query(
    `INSERT INTO casino_transactions (transaction_id, kind, player_id, game_id, round_id, amount_minor,
        reference_transaction_id, fingerprint, answer, ledger_transfer_id, bet_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'f', '{}'::jsonb,
             CASE WHEN $8 THEN (SELECT min(id) FROM transfers) END, $9, now() - interval '10 seconds')`,
    [
      row.id,
      kind,
      row.playerId,
      GAME_ID,
      row.roundId,
      row.amount,
      row.bet ?? null,
      row.moved ?? false,
      kind === 'BET' ? 'LOST' : null,
    ],
  );
}

const shareTransfers = async () => {
  const [row] = await t.ctx.deps.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM transfers WHERE kind = 'AGENT_SHARE' AND reference IN ('casino', 'table:crash', $1)`,
    [`table:${TABLE_ID}`],
  );
  return Number(row!.n);
};

describe('sharing casino and table rounds along the agent chain', () => {
  it('books 40/60/80 % of a table and a casino round to the minor unit, once, and the house’s own players whole', async () => {
    const top = await t.owner.createOk({ sharePercent: 80, openingChips: 5_000 });
    const asTop = await signInAgent(t.ctx, top);
    const master = await agentsClient(t.ctx, asTop).createOk({ sharePercent: 60, openingChips: 4_000 });
    const asMaster = await signInAgent(t.ctx, master);
    const agent = await agentsClient(t.ctx, asMaster).createOk({ sharePercent: 40, openingChips: 3_000 });
    const player = await playerOf(t.ctx, await signInAgent(t.ctx, agent), '1500');
    const house = await playerOf(t.ctx, t.ownerHeaders, '1500');
    await runJob();

    // Rounds without bets first, so round ids pass 9 and 10 (bigint order, not text order).
    for (let round = 0; round < 11; round += 1) await settledTableRound([]);
    // The player loses 1,000.00 at the table; the house's player wins 500.00 beside it.
    await settledTableRound([
      { playerId: player.id, stake: 100_000n, payout: 0n },
      { playerId: house.id, stake: 50_000n, payout: 100_000n },
    ]);
    // A casino round lost (10.03 staked, a win of 0), one rolled back, and a house player's round.
    const [bet, rolled, houseBet] = [randomUUID(), randomUUID(), randomUUID()];
    await callback('BET', { id: bet, playerId: player.id, roundId: 'r1', amount: 1_003n });
    await callback('WIN', { id: randomUUID(), playerId: player.id, roundId: 'r1', amount: 0n, bet });
    await callback('BET', { id: rolled, playerId: player.id, roundId: 'r2', amount: 500n });
    const undo = { id: randomUUID(), playerId: player.id, roundId: 'r2', amount: 500n, bet: rolled };
    await callback('ROLLBACK', { ...undo, moved: true });
    await callback('BET', { id: houseBet, playerId: house.id, roundId: 'r3', amount: 700n });
    // A crash round won: 1.00 cashed out at 2.00x.
    await settledCrashRound(player.id, 100n, 200n);
    // A share set after the bets applies to later bets only.
    const raised = await agentsClient(t.ctx, asMaster).update(agent.id, { sharePercent: 50 });
    expect(raised.statusCode, raised.body).toBe(200);

    // Two instances at once (a lease handed over mid-pass): the cursor's row lock lets one book each batch.
    const [first, second] = await Promise.all([runJob(), runJob()]);
    expect(first + second).toBeGreaterThan(0);
    // 1,010.03 lost: 10.03 gives 4.01, 2.00, 2.00 with the remainder 2.02 to the house; 1.00 won at
    // crash takes 0.40, 0.20, 0.20 back.
    expect(await pl(agent.id, master.id, top.id)).toEqual([40_361n, 20_180n, 20_180n]);
    expect(await marketFigures('crash', master.id)).toEqual(['100', '-20', '-40', '100']);
    expect(await marketFigures(`table:${TABLE_ID}`, agent.id)).toEqual([
      '-100000',
      '40000',
      '60000',
      '100000',
    ]);
    expect(await marketFigures(`casino:${GAME_ID}`, agent.id)).toEqual(['-1003', '401', '602', '1003']);
    // The house keeps 2.02 of that and the whole 7.00 its own player lost.
    expect(await marketFigures(`casino:${GAME_ID}`, HOUSE_AGENT_ID)).toEqual(['-1703', '902', '0', '1703']);
    // One transfer per agent and batch: the table's, the crash game's and the casino's.
    expect(await shareTransfers()).toBe(9);

    const [cursor] = await t.ctx.deps.db.query<{ at: boolean }>(
      `SELECT position = (SELECT max(id) FROM table_rounds WHERE table_id = $1) AS at
         FROM round_share_cursors WHERE scope = $2`,
      [TABLE_ID, `table:${TABLE_ID}`],
    );
    expect(cursor!.at).toBe(true);

    // Run again: nothing new has finished, nothing is booked twice.
    expect(await runJob()).toBe(0);
    expect(await pl(agent.id, master.id, top.id)).toEqual([40_361n, 20_180n, 20_180n]);
    expect(await shareTransfers()).toBe(9);
  });
});
