import type { RevealedSeeds, SeedPair } from '@backlay/fair';

/** A launch: the portal's token opens one game for one player. */
export type Session = {
  readonly token: string;
  readonly playerId: string;
  readonly playerName: string;
  readonly gameId: string;
  readonly currency: string;
  readonly homeUrl: string;
  readonly launchedAtMs: number;
};

/** One player's seeds for one game, and the seeds already revealed by rotation (newest first). */
export type SeedRecord = {
  readonly key: string;
  readonly pair: SeedPair;
  readonly revealed: readonly (RevealedSeeds & { readonly rotatedAtMs: number })[];
};

export type RoundStatus = 'open' | 'settled';

/** Money in records is a decimal string ("12.50"), as on the wire; code converts at the edge. */
export type RoundRecord = {
  readonly id: string;
  readonly key: string;
  readonly gameId: string;
  readonly token: string;
  readonly family: string;
  readonly nonce: number;
  readonly serverSeedHash: string;
  readonly clientSeed: string;
  readonly stake: string;
  readonly params: unknown;
  readonly status: RoundStatus;
  /** The final multiplier once settled; the current cash-out value while open. */
  readonly multiplierHundredths: number;
  readonly payout: string;
  /** What the player may see. */
  readonly outcome: unknown;
  /** The engine's full state of an open round, including what the player must not see yet. */
  readonly engineState: unknown;
  readonly betTransactionId: string;
  readonly createdAtMs: number;
  readonly settledAtMs: number | null;
};

export type WalletCallKind = 'bet' | 'win' | 'rollback';

/**
 * A callback to the portal's wallet. `sent` is a bet awaiting its answer; `pending` is a win or rollback
 * being retried; `acked` and `rejected` are final.
 */
export type WalletCallState = 'sent' | 'pending' | 'acked' | 'rejected';

export type WalletCallRecord = {
  readonly transactionId: string;
  readonly kind: WalletCallKind;
  readonly token: string;
  readonly roundId: string;
  readonly gameId: string;
  readonly amount: string;
  readonly referenceTransactionId: string | null;
  readonly state: WalletCallState;
  readonly attempts: number;
  readonly nextAttemptAtMs: number;
  readonly createdAtMs: number;
  readonly lastStatus: string | null;
};

/** Counters of this installation: the prefix keeps round ids unique if the data folder is ever reset. */
export type Meta = { readonly instance: string; readonly roundSeq: number };

export type Change =
  | { readonly type: 'session'; readonly session: Session }
  | { readonly type: 'seeds'; readonly seeds: SeedRecord }
  | { readonly type: 'round'; readonly round: RoundRecord }
  | { readonly type: 'call'; readonly call: WalletCallRecord }
  | { readonly type: 'meta'; readonly meta: Meta };

/** The seeds and history of one player in one game are keyed by both. */
export function playerGameKey(playerId: string, gameId: string): string {
  return JSON.stringify([playerId, gameId]);
}
