import { CRASH_MAX_STAKE_MINOR, CRASH_MIN_STAKE_MINOR, marketLimits, TABLE_GAMES } from '@backlay/tables';
import { randomUUID } from 'node:crypto';
import { CRASH_TABLE_ID, CRASH_UNIT_ID, latestRound, tableUnitId } from '../tables/index.ts';
import { inRandomOrder, pickOne, type TrafficDeps, type TrafficStep } from './deps.ts';
import { smallStake } from './stakes.ts';

type Stake = { playerId: string; freeMinor: bigint; random: () => number; nowMs: number };

/** The table's round when it takes bets now by the server's clock, as the unit judges it. */
async function openRoundId(deps: TrafficDeps, tableId: string, nowMs: number): Promise<number | null> {
  const round = await latestRound(deps.db, tableId);
  return round && round.status === 'BETTING' && nowMs < round.closesAtMs ? round.id : null;
}

/** A stake on a random market of the first in-house table whose round is open, through its unit. */
export async function placeTableBet(deps: TrafficDeps, stake: Stake): Promise<TrafficStep> {
  const product = 'table';
  for (const game of inRandomOrder(TABLE_GAMES, stake.random)) {
    const roundId = await openRoundId(deps, game.id, stake.nowMs);
    const market = pickOne(game.markets, stake.random);
    if (roundId === null || !market) continue;
    const limits = marketLimits(game, market);
    const stakeMinor = smallStake(stake.random, {
      minMinor: limits.minStakeMinor,
      maxMinor: limits.maxStakeMinor,
      freeMinor: stake.freeMinor,
    });
    if (stakeMinor === null) return { product, placed: false, code: 'NO_STAKE_FITS' };
    const result = await deps.tables.sendTable(tableUnitId(game.id), {
      type: 'bet',
      playerId: stake.playerId,
      roundId,
      marketId: market.id,
      stakeMinor: stakeMinor.toString(),
      clientRef: `demo-${randomUUID()}`,
    });
    return result.ok ? { product, placed: true } : { product, placed: false, code: result.code };
  }
  return { product, placed: false, code: 'NO_OPEN_ROUND' };
}

/** A crash stake with an auto cash-out between 1.20x and 3.00x, so that some rounds win. */
export async function placeCrashBet(deps: TrafficDeps, stake: Stake): Promise<TrafficStep> {
  const product = 'crash';
  const roundId = await openRoundId(deps, CRASH_TABLE_ID, stake.nowMs);
  if (roundId === null) return { product, placed: false, code: 'NO_OPEN_ROUND' };
  const stakeMinor = smallStake(stake.random, {
    minMinor: CRASH_MIN_STAKE_MINOR,
    maxMinor: CRASH_MAX_STAKE_MINOR,
    freeMinor: stake.freeMinor,
  });
  if (stakeMinor === null) return { product, placed: false, code: 'NO_STAKE_FITS' };
  const result = await deps.tables.sendCrash(CRASH_UNIT_ID, {
    type: 'bet',
    playerId: stake.playerId,
    roundId,
    stakeMinor: stakeMinor.toString(),
    autoHundredths: 120 + Math.floor(stake.random() * 181),
    clientRef: `demo-${randomUUID()}`,
  });
  return result.ok ? { product, placed: true } : { product, placed: false, code: result.code };
}
