import { beforeAll, describe, expect, it } from 'vitest';
import { checkCrashRound, crashRoundInFlight, crashRoundSummary } from './crash-round.ts';
import { useCheckerDatabase } from './db-test-kit.ts';
import { addPlayer, addRound, crashBet, transfer } from './seed-test-kit.ts';

const database = useCheckerDatabase();
let player: string;
beforeAll(async () => {
  player = await addPlayer(database.db);
});

/** A crash bet cashed out for 15.00, its payout returned under `crash-win:<id>` `returns` times. */
async function cashedOut(roundId: number, returns: string[] = ['crash-win']) {
  const bet = await crashBet(database.db, roundId, player, { status: 'CASHED_OUT', payoutMinor: 1_500n });
  for (const prefix of returns) {
    await transfer(database.db, `${prefix}:${bet.id}`, 'house', `cash:${player}`, 1_500n, 'CASINO_WIN');
  }
  return bet;
}

const settle = (roundId: number, status = 'SETTLED') =>
  database.db.query('UPDATE table_rounds SET status = $2 WHERE id = $1', [roundId, status]);

describe('checkCrashRound', () => {
  it('passes a settled round whose bets staked once and were paid exactly their payout', async () => {
    const roundId = await addRound(database.db, 'crash', 'RUNNING');
    await crashBet(database.db, roundId, player, { status: 'LOST' });
    await cashedOut(roundId);
    expect(await crashRoundInFlight(database.pool)).toEqual({ id: roundId, status: 'RUNNING', bets: 2 });
    await settle(roundId);
    expect(await checkCrashRound(database.pool, roundId, 1_000)).toBeNull();
    expect(await crashRoundSummary(database.pool, roundId)).toBe(
      `round ${roundId} SETTLED (1 CASHED_OUT, 1 LOST)`,
    );
    expect(await crashRoundInFlight(database.pool)).toBeNull();
  });

  it('finds a round that never ended', async () => {
    const roundId = await addRound(database.db, 'crash', 'RUNNING');
    expect(await checkCrashRound(database.pool, roundId, 0)).toBe(`round ${roundId} is still RUNNING`);
    await settle(roundId, 'VOID');
  });

  it('finds a bet left open, a stake never moved, a payout paid twice and one never paid', async () => {
    const roundId = await addRound(database.db, 'crash', 'RUNNING');
    const open = await crashBet(database.db, roundId, player);
    const unstaked = await crashBet(database.db, roundId, player, { status: 'LOST', staked: false });
    const paidTwice = await cashedOut(roundId, ['crash-win', 'crash-refund']);
    const unpaid = await cashedOut(roundId, []);
    await settle(roundId);
    const problem = await checkCrashRound(database.pool, roundId, 1_000);
    expect(problem?.split('; ').sort()).toEqual(
      [
        `round ${roundId} (SETTLED): bet ${open.id} still OPEN`,
        `bet ${unstaked.id}: 0 stake transfers`,
        `bet ${paidTwice.id} (CASHED_OUT): 2 returns of 3000, payout 1500`,
        `bet ${unpaid.id} (CASHED_OUT): 0 returns of 0, payout 1500`,
      ].sort(),
    );
  });
});
