import type { Sql } from '../../db/database.ts';
import { readBfIds, readOursOfBf, readRunnerBfIds, readRunnerOfBf, type BfIdKind } from '../sports/index.ts';

/**
 * Betfair's ids for our rows (docs/decisions/0256). Sports, events, markets and runners carry a `bf_id`
 * number given once at insert (migration 029); competitions answer with their own bigserial id. Bets
 * keep their UUID: its 128 bits written in decimal are the betId, and read back without a table.
 */

/** Digit strings that fit a bigint column: a longer one names no row of ours. */
const DIGITS = /^[0-9]{1,18}$/;
const MARKET_ID = /^1\.([0-9]{1,18})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// No leading zero: each bet has exactly one betId.
const BET_ID = /^(?:0|[1-9][0-9]{0,38})$/;
const UUID_LIMIT = 1n << 128n;

/** `1.<n>` for a market's number. */
export const bfMarketId = (bfId: bigint | string | number): string => `1.${String(bfId)}`;

/** The number inside a Betfair market id, or null when it is not one of ours (`1.<digits>`). */
export function parseBfMarketId(marketId: unknown): bigint | null {
  if (typeof marketId !== 'string') return null;
  const match = MARKET_ID.exec(marketId);
  return match ? BigInt(match[1]!) : null;
}

/** A digit-string id (eventTypeId, eventId, competitionId) or an integer selectionId as a number. */
export function parseBfNumber(id: unknown): bigint | null {
  if (typeof id === 'number') return Number.isSafeInteger(id) && id >= 0 ? BigInt(id) : null;
  if (typeof id !== 'string' || !DIGITS.test(id)) return null;
  return BigInt(id);
}

/** A bet's UUID as Betfair's digit-string betId: the same 128 bits in decimal. */
export function betIdOfUuid(uuid: string): string {
  const lower = uuid.toLowerCase();
  if (!UUID.test(lower)) throw new RangeError(`not a UUID: ${uuid}`);
  return BigInt(`0x${lower.replaceAll('-', '')}`).toString(10);
}

/** The bet's UUID behind a betId; null when the betId cannot be one of ours. */
export function uuidOfBetId(betId: unknown): string | null {
  if (typeof betId !== 'string' || !BET_ID.test(betId)) return null;
  const value = BigInt(betId);
  if (value >= UUID_LIMIT) return null;
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A runner as our rows name it. */
export type RunnerRef = { marketId: string; runnerId: string };

/** One id map kept both ways; entries never change, so they are never evicted or refreshed. */
class TwoWay<K> {
  readonly toBf = new Map<K, bigint>();
  readonly fromBf = new Map<bigint, K>();

  remember(ours: K, bf: bigint): void {
    this.toBf.set(ours, bf);
    this.fromBf.set(bf, ours);
  }
}

const runnerKey = (ref: RunnerRef) => `${ref.marketId}\u0000${ref.runnerId}`;

/**
 * Ids both ways from memory, reading only what it has never seen (one query per batch of misses): a hot
 * path (placing orders, the stream) converts without a database round trip once a market is known.
 * Answers only ids that exist; an unknown one is left out and asked again next time.
 */
export class BetfairIds {
  readonly #sports = new TwoWay<string>();
  readonly #events = new TwoWay<string>();
  readonly #markets = new TwoWay<string>();
  readonly #runners = new TwoWay<string>();
  readonly #runnerRefs = new Map<string, RunnerRef>();

  constructor(private readonly sql: Sql) {}

  /** Records ids read elsewhere (a catalogue query selects them with the rows). */
  rememberMarket(marketId: string, bfId: bigint): void {
    this.#markets.remember(marketId, bfId);
  }

  rememberRunner(ref: RunnerRef, selectionId: bigint): void {
    this.#runners.remember(runnerKey(ref), selectionId);
    this.#runnerRefs.set(runnerKey(ref), ref);
  }

  /** Our sport slug → Betfair's eventTypeId. */
  async eventTypeIds(slugs: readonly string[]): Promise<Map<string, string>> {
    await this.#load(this.#sports, slugs, 'sport');
    return pick(slugs, this.#sports.toBf, (bf) => bf.toString());
  }

  /** Betfair's eventTypeId → our sport slug. */
  async sportsOf(eventTypeIds: readonly bigint[]): Promise<Map<bigint, string>> {
    await this.#loadBack(this.#sports, eventTypeIds, 'sport');
    return pick(eventTypeIds, this.#sports.fromBf, (slug) => slug);
  }

  /** Our event id → Betfair's eventId. */
  async eventIds(eventIds: readonly string[]): Promise<Map<string, string>> {
    await this.#load(this.#events, eventIds, 'event');
    return pick(eventIds, this.#events.toBf, (bf) => bf.toString());
  }

  async eventsOf(bfIds: readonly bigint[]): Promise<Map<bigint, string>> {
    await this.#loadBack(this.#events, bfIds, 'event');
    return pick(bfIds, this.#events.fromBf, (id) => id);
  }

  /** Our market id → Betfair's `1.<n>`. */
  async marketIds(marketIds: readonly string[]): Promise<Map<string, string>> {
    await this.#load(this.#markets, marketIds, 'market');
    return pick(marketIds, this.#markets.toBf, bfMarketId);
  }

  /** Betfair's market ids (`1.<n>`) → ours; malformed or unknown ones are left out. */
  async marketsOf(bfMarketIds: readonly string[]): Promise<Map<string, string>> {
    const numbers = new Map<string, bigint>();
    for (const id of bfMarketIds) {
      const bf = parseBfMarketId(id);
      if (bf !== null) numbers.set(id, bf);
    }
    await this.#loadBack(this.#markets, [...numbers.values()], 'market');
    const answer = new Map<string, string>();
    for (const [id, bf] of numbers) {
      const ours = this.#markets.fromBf.get(bf);
      if (ours !== undefined) answer.set(id, ours);
    }
    return answer;
  }

  /** A runner → its selectionId. */
  async selectionIds(refs: readonly RunnerRef[]): Promise<Map<string, bigint>> {
    const missing = refs.filter((ref) => !this.#runners.toBf.has(runnerKey(ref)));
    if (missing.length > 0) {
      // A market's runners are few: reading all of them goes by the primary key and remembers the rest too.
      const rows = await readRunnerBfIds(this.sql, [...new Set(missing.map((ref) => ref.marketId))]);
      for (const row of rows) {
        this.rememberRunner({ marketId: row.market_id, runnerId: row.runner_id }, BigInt(row.bf_id));
      }
    }
    const answer = new Map<string, bigint>();
    for (const ref of refs) {
      const bf = this.#runners.toBf.get(runnerKey(ref));
      if (bf !== undefined) answer.set(runnerKey(ref), bf);
    }
    return answer;
  }

  /** A selectionId → its runner (market and runner id), or null when none has it. */
  async runnerOf(selectionId: bigint): Promise<RunnerRef | null> {
    if (!this.#runners.fromBf.has(selectionId)) {
      const row = await readRunnerOfBf(this.sql, selectionId);
      if (!row) return null;
      this.rememberRunner({ marketId: row.market_id, runnerId: row.runner_id }, selectionId);
    }
    return this.#runnerRefs.get(this.#runners.fromBf.get(selectionId)!) ?? null;
  }

  async #load(map: TwoWay<string>, keys: readonly string[], kind: BfIdKind): Promise<void> {
    const missing = [...new Set(keys)].filter((key) => !map.toBf.has(key));
    if (missing.length === 0) return;
    for (const row of await readBfIds(this.sql, kind, missing)) map.remember(row.k, BigInt(row.bf_id));
  }

  async #loadBack(map: TwoWay<string>, numbers: readonly bigint[], kind: BfIdKind): Promise<void> {
    const missing = [...new Set(numbers)].filter((bf) => !map.fromBf.has(bf));
    if (missing.length === 0) return;
    for (const row of await readOursOfBf(this.sql, kind, missing)) map.remember(row.k, BigInt(row.bf_id));
  }
}

/** The known entries of `keys`, converted. */
function pick<K, V, A>(keys: readonly K[], map: ReadonlyMap<K, V>, convert: (value: V) => A): Map<K, A> {
  const answer = new Map<K, A>();
  for (const key of keys) {
    const value = map.get(key);
    if (value !== undefined) answer.set(key, convert(value));
  }
  return answer;
}

/** The key `selectionIds` answers under for a runner. */
export const runnerIdKey = runnerKey;

/**
 * A player's Betfair-style account id (the stream's `orderFilter.accountIds`, getAccountDetails'
 * `accountId`): the first 52 bits of their UUID, a safe JSON integer, read back without a column.
 */
export function accountIdOfPlayer(playerId: string): number {
  return Number.parseInt(playerId.replaceAll('-', '').slice(0, 13), 16);
}
