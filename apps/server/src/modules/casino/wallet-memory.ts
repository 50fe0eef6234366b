import type { CasinoSession } from './sessions-repo.ts';
import type { BatchState } from './wallet-decide.ts';
import { settledBetId, type MoneyCallback } from './wallet-records.ts';
import type { LockedBet } from './wallet-repo.ts';

/** Players, sessions and bets kept at most: the ones in play, with room to spare. */
const MAX_SESSIONS = 20_000;
const MAX_PLAYERS = 20_000;
const MAX_BETS = 100_000;

/** A map that forgets the entries written longest ago once it holds more than `limit`. */
class RecentMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(private readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size <= this.limit) return;
    const oldest = this.#entries.keys().next();
    if (!oldest.done) this.#entries.delete(oldest.value);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }
}

/** A batch's state recalled from memory, and the settled bets as memory had them before it. */
export type Recalled = { state: BatchState; betsBefore: ReadonlyMap<string, LockedBet> };

/**
 * What the committed batches of this wallet left behind (docs/decisions/0202): the sessions behind
 * tokens, each player's cash after their last batch, the bets placed and how they stand. A batch that
 * memory knows all of is decided without a read; everything it assumed is checked as it commits, and it
 * is written the ordinary way when a check fails (another process or service changed something).
 * Launch sessions never change; a player's status and cash, and a bet's state, are what the checks are
 * for.
 */
export class WalletMemory {
  readonly #sessions = new RecentMap<string, CasinoSession>(MAX_SESSIONS);
  readonly #cash = new RecentMap<string, bigint>(MAX_PLAYERS);
  readonly #bets = new RecentMap<string, LockedBet>(MAX_BETS);

  /**
   * The state to decide `callbacks` from, when memory knows every token, its player's cash and every
   * bet settled; null otherwise. A rollback always needs a read: it reverses the bet's ledger transfer,
   * whose id a bet placed from foresight does not know.
   */
  recall(callbacks: readonly MoneyCallback[], tokenHashes: readonly string[], now: number): Recalled | null {
    const state: BatchState = {
      now,
      sessions: new Map(),
      stored: new Map(),
      bets: new Map(),
      cash: new Map(),
    };
    const betsBefore = new Map<string, LockedBet>();
    for (const [at, callback] of callbacks.entries()) {
      if (callback.kind === 'rollback') return null;
      const tokenHash = tokenHashes[at] ?? '';
      const session = this.#sessions.get(tokenHash);
      const cash = session && this.#cash.get(session.playerId);
      if (!session || cash === undefined) return null;
      state.sessions.set(tokenHash, session);
      state.cash.set(session.playerId, cash);
      const betId = settledBetId(callback);
      if (betId === null) continue;
      const bet = this.#bets.get(betId);
      if (!bet) return null;
      betsBefore.set(betId, bet);
      state.bets.set(betId, { ...bet, settled: false });
    }
    return { state, betsBefore };
  }

  /**
   * Keeps what a committed batch ended with. A session keeps its player's status as read: a batch from
   * memory refuses nothing (wallet-batch.ts), so a bet of a player remembered suspended is read afresh,
   * and one remembered active is checked as it commits.
   */
  learn(state: BatchState): void {
    for (const [tokenHash, session] of state.sessions) this.#sessions.set(tokenHash, session);
    for (const [playerId, cash] of state.cash) this.#cash.set(playerId, cash);
    for (const [betId, { settled: _settled, ...bet }] of state.bets) {
      if (bet.status === 'ROLLED_BACK') this.#bets.delete(betId);
      else this.#bets.set(betId, bet);
    }
  }

  /** Forgets what a batch that failed its checks assumed, so that the next batch reads it afresh. */
  forget(state: BatchState): void {
    for (const playerId of state.cash.keys()) this.#cash.delete(playerId);
    for (const betId of state.bets.keys()) this.#bets.delete(betId);
  }
}
