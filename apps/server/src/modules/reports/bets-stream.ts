import type { AdminBet, AdminBetsTicker } from '@backlay/contracts';
import { listAdminBets } from './admin-bets-repo.ts';
import { registerStaffTopic, SharedRead, type StaffTopicDeps } from './staff-topic.ts';

export const BETS_TOPIC_KIND = 'admin-bets';
/** How often followers hear of new bets, and how old a window a new follower's snapshot may share. */
export const BETS_REFRESH_MS = 1_000;
const BETS_SHARED_MS = 1_000;
/** The newest bets a refresh reads: one page of the console's list (docs/decisions/0239). */
export const BETS_WINDOW = 50;

type Window = ReadonlyMap<string, string>;

const keyOf = (bet: AdminBet) => `${bet.product}:${bet.id}`;
/** What a follower would show differently: the bet's state and result. */
const versionOf = (bet: AdminBet) => `${bet.state}|${bet.status}|${bet.result ?? ''}`;
const windowOf = (bets: readonly AdminBet[]): Window =>
  new Map(bets.map((bet) => [keyOf(bet), versionOf(bet)]));

/**
 * The bets of the newest window that the previous window did not hold, or held in another state,
 * newest first. Compared by key, not by time: a bet committed late with an earlier placement time
 * is still new here, as long as it is among the newest.
 */
export function betsChanged(previous: Window, bets: readonly AdminBet[]): AdminBet[] {
  return bets.filter((bet) => previous.get(keyOf(bet)) !== versionOf(bet));
}

/**
 * The stream topic `admin-bets` (no id, staff only; docs/decisions/0253): the snapshot is the newest
 * BETS_WINDOW bets of every product, then every BETS_REFRESH_MS an update with the bets new or changed
 * since the last refresh, when there are any. A refresh is one read of the newest page however many
 * consoles follow, and the bet's own path is untouched: the list is read, never told.
 */
export function registerBetsStream(deps: StaffTopicDeps): { stop(): void } {
  const source = new SharedRead(
    async () => (await listAdminBets(deps.db, { limit: BETS_WINDOW })).items,
    deps.nowMs,
  );
  // What every follower holds: the window of the last refresh (or of the snapshot that started them).
  let last: Window | null = null;

  return registerStaffTopic(deps, {
    kind: BETS_TOPIC_KIND,
    refreshMs: BETS_REFRESH_MS,
    async snapshot() {
      const { seq, value } = await source.read(BETS_SHARED_MS);
      last ??= windowOf(value);
      return { seq, data: { bets: value } satisfies AdminBetsTicker };
    },
    async refresh() {
      const { seq, value } = await source.read(0);
      const changed = last ? betsChanged(last, value) : value;
      last = windowOf(value);
      if (changed.length === 0) return null;
      // A key of its own: a slow reader holds every update rather than keeping only the last.
      return { seq, data: { bets: changed } satisfies AdminBetsTicker, key: String(seq) };
    },
    idle() {
      last = null;
    },
  });
}
