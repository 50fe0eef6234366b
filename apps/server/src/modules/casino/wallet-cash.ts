import { playerCashAccountId } from '@backlay/ledger';
import type { WalletService } from '../wallet/index.ts';

export type LedgerOutcome = Awaited<ReturnType<WalletService['execute']>>;

/** One change of a player's cash, at its place in the order the ledger applied a batch's transfers. */
type Movement = { position: number; cashAfter: bigint; delta: bigint };

/**
 * The cash each answer of a batch reports: the player's cash right after their own callback. The
 * ledger reports it for every callback that moved money; for one that did not (a refusal, a win of 0),
 * it is the cash after the player's last earlier movement in the batch, else the cash before their next
 * one, else (nothing of theirs moved) the cash the batch read.
 */
export class CashTimeline {
  readonly #byPlayer = new Map<string, Movement[]>();
  readonly #after = new Map<number, bigint>();

  /** Notes what `outcome` did to the player's cash. */
  record(playerId: string, position: number, outcome: LedgerOutcome): void {
    const change = outcome.changes.find((candidate) => candidate.playerId === playerId);
    if (!change || !outcome.result.ok) return;
    const account = playerCashAccountId(playerId);
    let delta = 0n;
    for (const transfer of outcome.result.transfers) {
      if (transfer.creditAccountId === account) delta += transfer.amountMinor;
      if (transfer.debitAccountId === account) delta -= transfer.amountMinor;
    }
    this.move(playerId, position, change.cashMinor, delta);
  }

  /** Notes that the callback at `position` moved the player's cash by `delta`, to `cashAfter`. */
  move(playerId: string, position: number, cashAfter: bigint, delta: bigint): void {
    const moves = this.#byPlayer.get(playerId) ?? [];
    moves.push({ position, cashAfter, delta });
    this.#byPlayer.set(playerId, moves);
    this.#after.set(position, cashAfter);
  }

  /** The cash the callback at `position` left its player with, when it moved money. */
  after(position: number): bigint | undefined {
    return this.#after.get(position);
  }

  /** Each moved player's cash after their last movement. */
  *latest(): Generator<[string, bigint]> {
    for (const [playerId, moves] of this.#byPlayer) {
      const last = moves.reduce((a, b) => (b.position > a.position ? b : a));
      yield [playerId, last.cashAfter];
    }
  }

  /** The player's cash at `position`, when a movement of theirs tells it. */
  at(playerId: string, position: number): bigint | undefined {
    let before: Movement | undefined;
    let after: Movement | undefined;
    for (const move of this.#byPlayer.get(playerId) ?? []) {
      if (move.position < position && (!before || move.position > before.position)) before = move;
      if (move.position > position && (!after || move.position < after.position)) after = move;
    }
    if (before) return before.cashAfter;
    return after ? after.cashAfter - after.delta : undefined;
  }
}
