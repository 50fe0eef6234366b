import type { SourceBook, SourceRunner } from '@backlay/contracts';
import { formatDateTime } from '../../lib/dates.ts';
import { sizeText } from './market-view.ts';

/**
 * How the match page shows a mirrored market's source book (docs/decisions/0274): the source's best
 * prices under the portal's own, non-runners, and the source's status.
 */

export type SourceLevel = { price: number; size: number } | null;

/** The best `depth` levels of a source ladder, best first, padded with nulls. */
export function sourceLevels(ladder: readonly (readonly [number, number])[], depth: number): SourceLevel[] {
  return Array.from({ length: depth }, (_, index) => {
    const level = ladder[index];
    return level ? { price: level[0], size: level[1] } : null;
  });
}

/** A runner the source took out of the race or match (Betfair's non-runner). */
export const isNonRunner = (runner: Pick<SourceRunner, 'status'>): boolean => runner.status === 'REMOVED';

/** The portal runners the source removed: they cannot be bet on. */
export function nonRunners(book: SourceBook | null): ReadonlyMap<string, SourceRunner> {
  return new Map(book?.runners.filter(isNonRunner).map((runner) => [runner.id, runner]) ?? []);
}

/** The source's runners in the portal's order; any the portal does not list follow in the source's order. */
export function runnersInOrder(book: SourceBook, portalIds: readonly string[]): SourceRunner[] {
  const rank = (runner: SourceRunner) => {
    const index = portalIds.indexOf(runner.id);
    return index === -1 ? portalIds.length : index;
  };
  return [...book.runners].sort((a, b) => rank(a) - rank(b));
}

/** What the source says of the market when it is not simply open before the off. */
export function sourceStatusText(book: Pick<SourceBook, 'status' | 'inPlay'>): string | null {
  if (book.status !== 'OPEN') return book.status === 'SUSPENDED' ? 'Suspended' : book.status;
  return book.inPlay ? 'In play' : null;
}

/** The source stops bets on the market (suspended or closed). */
export const sourceHoldsBets = (book: SourceBook | null): boolean => book !== null && book.status !== 'OPEN';

/** A source size (its currency's units, two decimals at most) as the ladder prints sizes: `0.4`, `18.6`, `1.5K`. */
export const sourceSizeText = (size: number): string => sizeText(size.toFixed(2));

/** `Non-runner · removed 19/04/2022 06:20:00 PM · reduction 12.5%`, each part only when known. */
export function nonRunnerText(runner: Pick<SourceRunner, 'removalDate' | 'adjustmentFactor'>): string {
  const parts = ['Non-runner'];
  if (runner.removalDate) parts.push(`removed ${formatDateTime(runner.removalDate)}`);
  if (runner.adjustmentFactor !== null) parts.push(`reduction ${runner.adjustmentFactor}%`);
  return parts.join(' · ');
}

/** Last traded price and traded volume under the runner's name: `LTP 8.8 · 1.2K traded`. */
export function tradedText(runner: Pick<SourceRunner, 'ltp' | 'tv'>): string {
  const parts: string[] = [];
  if (runner.ltp !== null) parts.push(`LTP ${runner.ltp}`);
  if (runner.tv !== null) parts.push(`${sourceSizeText(runner.tv)} traded`);
  return parts.length > 0 ? parts.join(' · ') : 'Not traded yet';
}
