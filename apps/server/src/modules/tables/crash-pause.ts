import type { Result } from '../../platform/rejections.ts';
import { changePause, type PauseAnswer, type PauseCommand } from './admin-pauses.ts';
import type { TablesContext } from './context.ts';
import { publishCrash, type CrashUnit } from './crash-loop.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import type { RoundRow } from './round-row.ts';
import { touchRound } from './rounds-repo.ts';

/**
 * A pause or resume of the crash game, published to its players at once (docs/decisions/0254). The
 * stream sends only a newer seq (round id × 10⁶ + version), so the change moves the round's version in
 * its own transaction, as a table's does. Bet batches check that version and cash-out batches and the
 * settlement move it, so every write already handed to the unit lands first: while this command runs
 * the unit's queue takes no other, so nothing new starts until the owner holds the touched round.
 */
export async function pauseCrashAndTell(
  context: TablesContext,
  unit: CrashUnit,
  command: PauseCommand,
): Promise<Result<PauseAnswer>> {
  await unit.placing.idle();
  await unit.batcher.idle();
  await unit.settling;
  // A unit whose settlement failed no longer knows its round's version: the pause alone is written;
  // the rebuilt unit voids the round left open and publishes that state, paused, to its players.
  const round = unit.stale ? null : unit.round;
  let touched: RoundRow | null = null;
  const answer = await changePause(context, unit, CRASH_TABLE_ID, command, async (tx) => {
    if (round) touched = await touchRound(tx, round);
  });
  if (touched) {
    unit.round = touched;
    await publishCrash(context, unit, touched);
  }
  return answer;
}
