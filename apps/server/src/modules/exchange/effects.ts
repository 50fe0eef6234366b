import type { LedgerRequest } from '@backlay/ledger';
import type { ShareSettlement } from '../shares/index.ts';
import type { BetState, FillChange, FillRow, LadderJson, RunnerRemoval } from './types.ts';

export type HoldTarget = { marketId: string; accountId: string; exposureMinor: bigint };

/**
 * What commands changed and the group commit must write: the latest state of each touched bet, the
 * fills in order, each (market, account) hold's new size, ledger requests in order (settlement), each
 * market's new ladder. Merging keeps order, and later states replace earlier ones.
 */
export class Effects {
  readonly bets = new Map<string, BetState>();
  readonly fills: FillRow[] = [];
  /** Standing fills a non-runner voided or reduced (docs/decisions/0269), by fill id. */
  readonly fillChanges = new Map<string, FillChange>();
  /** Non-runner removals applied, written with what they changed so a repeat finds them. */
  readonly removals: (RunnerRemoval & { marketId: string })[] = [];
  readonly holds = new Map<string, HoldTarget>();
  readonly ledger: LedgerRequest[] = [];
  readonly books = new Map<string, { version: number; ladder: LadderJson }>();
  readonly marketStatus = new Map<string, 'SETTLED' | 'VOID'>();
  readonly settlements = new Map<string, unknown>();
  /** Settlements whose results the agents share (docs/decisions/0291), by market. */
  readonly shares = new Map<string, ShareSettlement>();
  /** Players' exposure growth promised by the funds gate until this is committed or failed. */
  readonly reserved = new Map<string, bigint>();
  /** Markets whose public state (ladder, status) changed: published after the commit. */
  readonly markets = new Set<string>();

  bet(bet: BetState): void {
    this.bets.set(bet.id, { ...bet });
  }

  hold(target: HoldTarget): void {
    this.holds.set(`${target.marketId}|${target.accountId}`, target);
  }

  reserve(playerId: string, deltaMinor: bigint): void {
    this.reserved.set(playerId, (this.reserved.get(playerId) ?? 0n) + deltaMinor);
  }

  get isEmpty(): boolean {
    return (
      this.bets.size === 0 &&
      this.fills.length === 0 &&
      this.fillChanges.size === 0 &&
      this.removals.length === 0 &&
      this.holds.size === 0 &&
      this.ledger.length === 0 &&
      this.books.size === 0 &&
      this.marketStatus.size === 0 &&
      this.settlements.size === 0
    );
  }

  mergeFrom(other: Effects): void {
    for (const [id, bet] of other.bets) this.bets.set(id, bet);
    this.fills.push(...other.fills);
    for (const [id, change] of other.fillChanges) this.fillChanges.set(id, change);
    this.removals.push(...other.removals);
    for (const hold of other.holds.values()) this.hold(hold);
    this.ledger.push(...other.ledger);
    for (const [id, book] of other.books) this.books.set(id, book);
    for (const [id, status] of other.marketStatus) this.marketStatus.set(id, status);
    for (const [id, result] of other.settlements) this.settlements.set(id, result);
    for (const [id, shares] of other.shares) this.shares.set(id, shares);
    for (const id of other.markets) this.markets.add(id);
    for (const [playerId, deltaMinor] of other.reserved) this.reserve(playerId, deltaMinor);
  }
}
