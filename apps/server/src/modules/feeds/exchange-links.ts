import type { SourceBook } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import type { ExchangeService, MirrorBook } from '../exchange/index.ts';
import { bookmakerLineIdOf, markRunnerRemoved } from '../sports/index.ts';

/**
 * The exchange's and the catalogue's hooks for mirrored markets, each called from this one place
 * (docs/decisions/0270, 0269): the house's quotes follow the source's book, and non-runners are removed
 * with their reduction factor (Betfair rule 13.7).
 */

/** The source book as the exchange's house quotes follow it (`ExchangeService#mirrorSource`). */
export const mirrorBookOf = (book: SourceBook): MirrorBook => ({
  status: book.status === 'OPEN' ? 'OPEN' : book.status === 'CLOSED' ? 'CLOSED' : 'SUSPENDED',
  inPlay: book.inPlay,
  runners: book.runners.map((runner) => ({
    runnerId: runner.id,
    removed: runner.status === 'REMOVED' || runner.status === 'REMOVED_VACANT',
    atb: runner.atb,
    atl: runner.atl,
  })),
});

/**
 * After a batch commits: the house's quotes on each mirrored market follow its new source book. Answers
 * the re-quotes sent at once, by market, as promises of their end.
 */
export function mirrorSourceBooks(
  exchange: Pick<ExchangeService, 'mirrorSource'>,
  books: ReadonlyMap<string, SourceBook>,
): Map<string, Promise<void>> {
  const requotes = new Map<string, Promise<void>>();
  for (const [marketId, book] of books) {
    const requote = exchange.mirrorSource(marketId, mirrorBookOf(book));
    if (requote) requotes.set(marketId, requote);
  }
  return requotes;
}

export type RemovedRunner = {
  marketId: string;
  runnerId: string;
  adjustmentFactor: number;
  removedAtMs: number;
};

/**
 * In the batch's transaction: runners the source removed (non-runners) keep their row, marked removed
 * with their reduction factor. Answers the ones the catalogue has.
 */
export async function markRemovedRunners(
  tx: Sql,
  removed: readonly RemovedRunner[],
): Promise<RemovedRunner[]> {
  const marked: RemovedRunner[] = [];
  for (const runner of removed) {
    const { marketId, runnerId, adjustmentFactor, removedAtMs } = runner;
    if (!(await markRunnerRemoved(tx, marketId, runnerId, { adjustmentFactor, removedAtMs }))) continue;
    marked.push(runner);
    // The market's bookmaker line, when it has one, voids its bets on the runner too (0278).
    const lineId = bookmakerLineIdOf(marketId);
    if (await markRunnerRemoved(tx, lineId, runnerId, { adjustmentFactor, removedAtMs }))
      marked.push({ ...runner, marketId: lineId });
  }
  return marked;
}

/**
 * After the batch commits: the exchange voids the removed runners' bets and reduces earlier fills on
 * the others (Betfair rule 13.7); a repeat changes nothing there.
 */
export function removeRunnersFromBooks(
  exchange: Pick<ExchangeService, 'removeRunner'>,
  removed: readonly RemovedRunner[],
  onError: (error: unknown) => void,
): void {
  for (const { marketId, runnerId, adjustmentFactor, removedAtMs } of removed) {
    exchange.removeRunner(marketId, { runnerId, adjustmentFactor, removedAtMs }).catch(onError);
  }
}
