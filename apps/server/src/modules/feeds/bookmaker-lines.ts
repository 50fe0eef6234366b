import type { SourceBook } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { recordLineResults, upsertBookmakerLines, type BookmakerLine } from '../sports/index.ts';

/**
 * A bookmaker line beside each mirrored win market (docs/decisions/0278): its fair chances are the
 * source's mid prices, and the exchange quotes them with the house margin as for a simulated match.
 */

/** Source market types with one winner among runners, as the simulator's match odds. */
const LINE_TYPES: ReadonlySet<string> = new Set(['MATCH_ODDS', 'WIN']);
const PPM = 1_000_000n;
const MAX_PPM = 999_999n;
const MIN_HUNDREDTHS = 101n;
const MAX_HUNDREDTHS = 100_000n;

type SourceRunner = SourceBook['runners'][number];

/**
 * A source price in hundredths, read from its decimal text (1.01 to 1000, two places at most). It need
 * not be on the ladder: a historical file's last traded price is an average (16.53), and a chance is
 * no bet.
 */
function priceHundredths(price: unknown): bigint | null {
  if (typeof price !== 'number') return null;
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(String(price));
  if (!match) return null;
  const hundredths = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return hundredths >= MIN_HUNDREDTHS && hundredths <= MAX_HUNDREDTHS ? hundredths : null;
}

/** The best price of one side among levels with a size: highest back, lowest lay. */
function best(levels: readonly (readonly [number, number])[], side: 'back' | 'lay'): bigint | null {
  let found: bigint | null = null;
  for (const [price, size] of levels) {
    const hundredths = size > 0 ? priceHundredths(price) : null;
    if (hundredths === null) continue;
    if (found === null || (side === 'back' ? hundredths > found : hundredths < found)) found = hundredths;
  }
  return found;
}

/** numerator / denominator rounded half up, for positive bigints. */
const roundDiv = (numerator: bigint, denominator: bigint): bigint =>
  (2n * numerator + denominator) / (2n * denominator);

/**
 * A runner's mid chance in parts per million: the mean of the chances its best back and best lay imply,
 * (1/b + 1/l) / 2, which a wide spread pulls less than the chance of the mean price; before the off the
 * last traded price when a side is empty (in play it is history). Null: an inactive runner, no price.
 */
export function midPpm(runner: SourceRunner, inPlay: boolean): number | null {
  if (runner.status !== 'ACTIVE') return null;
  const back = best(runner.atb, 'back');
  const lay = best(runner.atl, 'lay');
  const traded = inPlay ? null : priceHundredths(runner.ltp);
  let ppm: bigint;
  // Chance = 100 / hundredths; the mean of two is 50 (b + l) / (b l).
  if (back !== null && lay !== null) ppm = roundDiv(50n * PPM * (back + lay), back * lay);
  else if (traded !== null) ppm = roundDiv(100n * PPM, traded);
  else return null;
  return Number(ppm < 1n ? 1n : ppm > MAX_PPM ? MAX_PPM : ppm);
}

/**
 * The line a source book asks for: none for a market of another type or several winners (or before its
 * definition). Open while the source is open and prices some runner; suspended otherwise, so a race
 * gone in play without prices is not quoted; closed with the source.
 */
export function bookmakerLineOf(marketId: string, book: SourceBook): BookmakerLine | null {
  const terms = book.terms;
  if (!terms?.marketType || !LINE_TYPES.has(terms.marketType) || (terms.numberOfWinners ?? 1) !== 1)
    return null;
  const fairPpm: Record<string, number | null> = {};
  for (const runner of book.runners) fairPpm[runner.id] = midPpm(runner, book.inPlay);
  const priced = Object.values(fairPpm).some((ppm) => ppm !== null);
  const status =
    book.status === 'CLOSED' ? 'CLOSED' : book.status === 'OPEN' && priced ? 'OPEN' : 'SUSPENDED';
  return { marketId, status, inPlay: book.inPlay, fairPpm };
}

/**
 * In a feed batch's transaction, after its markets, results and non-runners: each changed book's line
 * is written, and takes its market's result once there is one. Answers the lines to publish.
 */
export async function writeBookmakerLines(
  tx: Sql,
  books: ReadonlyMap<string, SourceBook>,
): Promise<{ marketIds: string[]; createdMarketIds: string[] }> {
  const lines = [...books].flatMap(([marketId, book]) => {
    const line = bookmakerLineOf(marketId, book);
    return line ? [line] : [];
  });
  const written = await upsertBookmakerLines(tx, lines);
  const decided = await recordLineResults(
    tx,
    lines.map((line) => line.marketId),
  );
  const marketIds = [...written.createdMarketIds, ...written.changedMarketIds, ...decided];
  return { marketIds: [...new Set(marketIds)], createdMarketIds: written.createdMarketIds };
}
