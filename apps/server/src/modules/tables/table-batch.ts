import type { Result } from '../../platform/rejections.ts';
import { marketVolumes } from './bets-repo.ts';
import type { TablesContext } from './context.ts';
import { latestRound, StaleRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';
import { writeBets } from './table-bet-write.ts';
import { publishTable } from './table-publish.ts';
import type { BetAnswer, PendingBet, TableUnit } from './table-types.ts';

/**
 * One batch of bets (docs/decisions/0176): once it has committed, the round's new version is the
 * owner's, the bets it placed add to their markets' volumes, and the table is published with them.
 */
export async function writeBatch(
  context: TablesContext,
  unit: TableUnit,
  items: PendingBet[],
): Promise<Result<BetAnswer>[]> {
  const { round, answers, version } = await writeAtCurrentVersion(context, unit, items);
  unit.round = { ...round, version };
  if (unit.volumes.roundId !== round.id) unit.volumes = { roundId: round.id, byMarket: new Map() };
  const { byMarket } = unit.volumes;
  const placed = items.filter((_item, index) => {
    const answer = answers[index]!;
    return answer.ok && !answer.value.replayed;
  });
  for (const { bet } of placed) {
    byMarket.set(bet.marketId, (byMarket.get(bet.marketId) ?? 0n) + bet.stakeMinor);
  }
  if (placed.length > 0) void publishTable(context, unit, unit.round);
  return answers;
}

/**
 * Every batch moves the round's version, so the last batch of a unit this process has just unloaded
 * (rebuilt after an error, or a lease lost and taken again) can land after the fresh unit read the
 * round. The fresh unit then reads the round again and, when it is the same round still taking bets,
 * writes the batch at its version once more; anything else stays a StaleRound (the unit is rebuilt).
 */
async function writeAtCurrentVersion(context: TablesContext, unit: TableUnit, items: PendingBet[]) {
  const round = unit.round!;
  try {
    return { round, ...(await writeBets(context, unit, round, items)) };
  } catch (error) {
    if (!(error instanceof StaleRound)) throw error;
    const fresh: RoundRow | null = await latestRound(context.db, unit.game.id);
    if (fresh?.id !== round.id || fresh.status !== 'BETTING') throw error;
    unit.round = fresh;
    unit.volumes = { roundId: fresh.id, byMarket: await marketVolumes(context.db, fresh.id) };
    return { round: fresh, ...(await writeBets(context, unit, fresh, items)) };
  }
}
