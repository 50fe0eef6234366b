import type { Database, Sql } from '../../db/database.ts';
import { transaction } from '../../platform/transaction.ts';
import { announceStandingChange } from '../admission/index.ts';
import type { Bus } from '../../lib/bus.ts';
import { periodBounds } from './limit-periods.ts';
import { lockCash, netLossSince, saveLossFloor } from '../wallet/index.ts';
import { playersWithLossLimits, readMoneyLimits } from './limits-repo.ts';

/**
 * A loss limit in the ledger (docs/decisions/0235): the player's cash may not be taken below a floor by
 * a stake. With cash C and, for each loss limit, its amount L and the period's net loss N so far, the
 * room left is min(L − N) and the floor C − room. The floor moves with deposits and withdrawals (the
 * ledger does that), so only a change of limit and the start of a period set it anew. Runs with the
 * player's cash row locked, so no stake moves the cash between reading it and setting the floor.
 */
export async function refreshLossFloor(sql: Sql, playerId: string, nowMs: number, timeZone: string) {
  const limits = (await readMoneyLimits(sql, playerId)).filter((limit) => limit.kind === 'loss');
  const cashMinor = await lockCash(sql, playerId);
  let roomMinor: bigint | null = null;
  for (const { period, state } of limits) {
    if (state.value === null) continue;
    const { startMs } = periodBounds(period, nowMs, timeZone);
    const room = state.value - (await netLossSince(sql, playerId, startMs));
    if (roomMinor === null || room < roomMinor) roomMinor = room;
  }
  await saveLossFloor(sql, playerId, roomMinor === null ? null : cashMinor - roomMinor);
}

/**
 * A period began: every loss limit's floor is set from the new period's start. Each player in a
 * transaction of their own; every gate reads the player again.
 */
export async function refreshAllLossFloors(
  deps: { db: Database; bus: Pick<Bus, 'publish'> },
  nowMs: number,
  timeZone: string,
): Promise<number> {
  const players = await playersWithLossLimits(deps.db);
  for (const playerId of players) {
    await transaction(deps.db, (tx) => refreshLossFloor(tx, playerId, nowMs, timeZone));
    announceStandingChange(deps.bus, playerId);
  }
  return players.length;
}
