import { MAX_LADDER_DEPTH, type Result, type RunnerLadder } from '@backlay/exchange';
import { parseAmountMinor } from '@backlay/ledger';
import type { Sql } from '../../../db/database.ts';
import { readStoredBooks } from '../../sports/index.ts';
import { priceOfTick } from './prices.ts';

/** One price level as the API answers it, size still in minor units. */
export type Level = { price: number; sizeMinor: bigint };
/** A market's book now: its book version and each runner's levels (by our runner id). */
export type MarketLevels = {
  bookVersion: number;
  runners: Map<string, { back: Level[]; lay: Level[] }>;
};

/**
 * What the catalogue reads of the exchange: a market loaded on this instance, whose book in memory is
 * the live one (ExchangeService answers it).
 */
export type LiveBooks = {
  loaded(marketId: string):
    | {
        bookVersion: number;
        info: { runners: readonly { id: string }[] };
        engine: { ladder(runnerIndex: number, depth?: number): Result<RunnerLadder> };
      }
    | undefined;
};

/** Every level of a side: what EX_ALL_OFFERS asks for. */
export const ALL_LEVELS = MAX_LADDER_DEPTH;

/**
 * Books of markets, `depth` levels a side: from the market's book in memory where this instance owns it
 * (it reads no database and is ahead of the last write by at most one group commit), else the best
 * three levels the exchange last wrote to `market_books`.
 */
export async function readBooks(
  sql: Sql,
  live: LiveBooks | undefined,
  marketIds: readonly string[],
  depth: number,
): Promise<Map<string, MarketLevels>> {
  const answer = new Map<string, MarketLevels>();
  const stored: string[] = [];
  for (const marketId of marketIds) {
    const unit = live?.loaded(marketId);
    if (unit) answer.set(marketId, fromMemory(unit, depth));
    else stored.push(marketId);
  }
  if (stored.length === 0) return answer;
  const rows = await readStoredBooks<StoredLadder>(sql, stored);
  for (const row of rows) answer.set(row.market_id, fromStored(row, depth));
  return answer;
}

function fromMemory(unit: NonNullable<ReturnType<LiveBooks['loaded']>>, depth: number): MarketLevels {
  const runners = new Map<string, { back: Level[]; lay: Level[] }>();
  unit.info.runners.forEach((runner, index) => {
    const ladder = unit.engine.ladder(index, depth);
    const toLevel = (level: { priceTick: number; sizeMinor: number }) => ({
      price: priceOfTick(level.priceTick),
      sizeMinor: BigInt(level.sizeMinor),
    });
    runners.set(runner.id, {
      back: ladder.ok ? ladder.value.availableToBack.map(toLevel) : [],
      lay: ladder.ok ? ladder.value.availableToLay.map(toLevel) : [],
    });
  });
  return { bookVersion: unit.bookVersion, runners };
}

type StoredLadder = Record<
  string,
  { back: { price: number; size: string }[]; lay: { price: number; size: string }[] }
>;

const MAX_STORED_MINOR = 1n << 62n;

function fromStored(
  row: { version: bigint | string | number; ladder: StoredLadder },
  depth: number,
): MarketLevels {
  const toLevels = (levels: { price: number; size: string }[]) =>
    levels.slice(0, depth).flatMap((level) => {
      const size = parseAmountMinor(level.size, { maxMinor: MAX_STORED_MINOR });
      return size.ok ? [{ price: level.price, sizeMinor: size.amountMinor }] : [];
    });
  const runners = new Map<string, { back: Level[]; lay: Level[] }>();
  for (const [runnerId, sides] of Object.entries(row.ladder ?? {})) {
    runners.set(runnerId, { back: toLevels(sides.back ?? []), lay: toLevels(sides.lay ?? []) });
  }
  return { bookVersion: Number(row.version), runners };
}
