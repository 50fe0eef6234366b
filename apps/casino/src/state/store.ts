import type { Journal } from './journal.ts';
import type { Change, Meta, RoundRecord, SeedRecord, Session, WalletCallRecord } from './types.ts';

/** Settled rounds kept per player and game: the history list shows them, older ones are dropped. */
export const HISTORY_LIMIT = 50;
/** Launches older than this are forgotten at compaction unless a round or callback still needs them. */
export const SESSION_KEEP_MS = 2 * 24 * 60 * 60 * 1000;
/** The journal is rewritten as a snapshot after this many commits (and at every start). */
export const COMPACT_AFTER_COMMITS = 5000;

/**
 * The aggregator's state in memory, rebuilt from the journal at start. Every change goes through
 * `commit`, which writes the journal line before the maps change, so what a reply reports is on disk.
 */
export class CasinoStore {
  private readonly sessions = new Map<string, Session>();
  private readonly seeds = new Map<string, SeedRecord>();
  private readonly rounds = new Map<string, RoundRecord>();
  private readonly historyByKey = new Map<string, string[]>();
  private readonly calls = new Map<string, WalletCallRecord>();
  private meta: Meta;
  private commitsSinceCompaction = 0;

  private constructor(
    private readonly journal: Journal,
    private readonly nowMs: () => number,
    instance: string,
  ) {
    this.meta = { instance, roundSeq: 0 };
  }

  /** Replays the journal, then compacts it. `instance` names this installation if the journal is new. */
  static open(journal: Journal, options: { nowMs: () => number; instance: string }): CasinoStore {
    const store = new CasinoStore(journal, options.nowMs, options.instance);
    const { commits } = journal.load();
    for (const commit of commits) for (const change of commit) store.apply(change as Change);
    store.compact();
    return store;
  }

  commit(changes: readonly Change[]): void {
    if (changes.length === 0) return;
    this.journal.append(changes);
    for (const change of changes) this.apply(change);
    this.commitsSinceCompaction += 1;
    if (this.commitsSinceCompaction >= COMPACT_AFTER_COMMITS) this.compact();
  }

  /** A fresh round id, unique across restarts and data resets: `<instance>-<sequence>`. */
  nextRoundId(): { id: string; change: Change } {
    const meta = { ...this.meta, roundSeq: this.meta.roundSeq + 1 };
    return { id: `${meta.instance}-${meta.roundSeq}`, change: { type: 'meta', meta } };
  }

  session(token: string): Session | undefined {
    return this.sessions.get(token);
  }

  seedsOf(key: string): SeedRecord | undefined {
    return this.seeds.get(key);
  }

  round(id: string): RoundRecord | undefined {
    return this.rounds.get(id);
  }

  openRound(key: string): RoundRecord | undefined {
    const ids = this.historyByKey.get(key) ?? [];
    const last = ids.length > 0 ? this.rounds.get(ids[ids.length - 1]!) : undefined;
    return last?.status === 'open' ? last : undefined;
  }

  /** Newest first, at most `limit`. */
  history(key: string, limit = HISTORY_LIMIT): RoundRecord[] {
    const ids = this.historyByKey.get(key) ?? [];
    return ids
      .slice(-limit)
      .reverse()
      .map((id) => this.rounds.get(id)!);
  }

  /** Callbacks not yet final, oldest first. */
  unfinishedCalls(): WalletCallRecord[] {
    return [...this.calls.values()];
  }

  call(transactionId: string): WalletCallRecord | undefined {
    return this.calls.get(transactionId);
  }

  private apply(change: Change): void {
    switch (change.type) {
      case 'session':
        this.sessions.set(change.session.token, change.session);
        return;
      case 'seeds':
        this.seeds.set(change.seeds.key, change.seeds);
        return;
      case 'round':
        this.applyRound(change.round);
        return;
      case 'call':
        if (change.call.state === 'acked' || change.call.state === 'rejected') {
          this.calls.delete(change.call.transactionId);
        } else {
          this.calls.set(change.call.transactionId, change.call);
        }
        return;
      case 'meta':
        this.meta = change.meta;
        return;
    }
  }

  private applyRound(round: RoundRecord): void {
    const known = this.rounds.has(round.id);
    this.rounds.set(round.id, round);
    if (known) return;
    const ids = this.historyByKey.get(round.key) ?? [];
    ids.push(round.id);
    this.historyByKey.set(round.key, ids);
    // Only settled rounds fall off the end; an open round is always the newest of its key.
    while (ids.length > HISTORY_LIMIT && this.rounds.get(ids[0]!)?.status !== 'open') {
      this.rounds.delete(ids.shift()!);
    }
  }

  /** Rewrites the journal as one snapshot commit holding only what is still needed. */
  compact(): void {
    const cutoffMs = this.nowMs() - SESSION_KEEP_MS;
    const needed = new Set<string>();
    for (const call of this.calls.values()) needed.add(call.token);
    for (const round of this.rounds.values()) if (round.status === 'open') needed.add(round.token);
    for (const [token, session] of this.sessions) {
      if (session.launchedAtMs < cutoffMs && !needed.has(token)) this.sessions.delete(token);
    }
    const snapshot: Change[] = [
      { type: 'meta', meta: this.meta },
      ...[...this.sessions.values()].map((session): Change => ({ type: 'session', session })),
      ...[...this.seeds.values()].map((seeds): Change => ({ type: 'seeds', seeds })),
      ...[...this.historyByKey.values()]
        .flat()
        .map((id): Change => ({ type: 'round', round: this.rounds.get(id)! })),
      ...[...this.calls.values()].map((call): Change => ({ type: 'call', call })),
    ];
    this.journal.rewrite(snapshot);
    this.commitsSinceCompaction = 0;
  }

  close(): void {
    this.journal.close();
  }
}
