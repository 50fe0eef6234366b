import { randomUUID } from 'node:crypto';
import type { Sql } from '../../db/database.ts';
import type { SocketSession } from '../../platform/sockets/index.ts';
import type { StreamRegistry, StreamSnapshot, StreamUpdate } from '../../platform/stream/index.ts';
import { isAgentSession } from '../auth/index.ts';
import { isStaff } from './dashboard-stream.ts';

/**
 * A follower counts this long after it subscribed (or until its session ends, if sooner). The socket
 * tells no provider when a follower leaves, so without a lease a closed console would keep the reads
 * going until its session expired; a console subscribes again well within it (docs/decisions/0253).
 */
export const FOLLOW_LEASE_MS = 90_000;
/** Staff sessions followed at once on one instance, at most (a bound, far above any console team). */
const MAX_FOLLOWERS = 1_000;

/**
 * One read per instance shared by every reader: a read younger than `maxAgeMs`, or still running,
 * answers the next caller too. Seqs grow with every read, so a follower never sees one go back.
 */
export class SharedRead<T> {
  #latest: { atMs: number; seq: number; value: Promise<T> } | null = null;
  #seq = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly nowMs: () => number = Date.now,
  ) {}

  read(maxAgeMs: number): Promise<{ seq: number; value: T }> {
    const now = this.nowMs();
    let latest = this.#latest;
    if (!latest || now - latest.atMs > maxAgeMs) {
      this.#seq = Math.max(this.#seq + 1, now);
      latest = { atMs: now, seq: this.#seq, value: this.load() };
      this.#latest = latest;
      // A failed read is not kept: the next caller reads again.
      latest.value.catch(() => {
        if (this.#latest === latest) this.#latest = null;
      });
    }
    const { seq, value } = latest;
    return value.then((resolved) => ({ seq, value: resolved }));
  }
}

export type StaffTopicDeps = {
  db: Sql;
  streams: Pick<StreamRegistry, 'register' | 'publish'>;
  log?: { error(object: object, message: string): void };
  nowMs?: () => number;
};

export type StaffTopic = {
  kind: string;
  refreshMs: number;
  /** A new follower's snapshot. */
  snapshot(): Promise<StreamSnapshot>;
  /** One refresh: the update to publish, or null when there is nothing new. */
  refresh(): Promise<StreamUpdate | null>;
  /** The last follower is gone: whatever a refresh compares against is stale by the next one. */
  idle?(): void;
};

/**
 * A staff-only stream topic (no id) refreshed on a timer while anyone follows it, as the dashboard's
 * (docs/decisions/0246): each instance publishes for its own followers on a topic of its own, so the
 * database sees one refresh per period per instance however many consoles follow, and none while no
 * lease is live.
 */
export function registerStaffTopic(deps: StaffTopicDeps, topic: StaffTopic): { stop(): void } {
  const nowMs = deps.nowMs ?? Date.now;
  const instance = randomUUID();
  const followers = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  // A refresh slower than the period is not overlapped by the next: the reads stay one at a time.
  let refreshing = false;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const tick = async () => {
    for (const [token, untilMs] of followers) if (untilMs <= nowMs()) followers.delete(token);
    if (followers.size === 0) {
      topic.idle?.();
      return stop();
    }
    if (refreshing) return;
    refreshing = true;
    try {
      const update = await topic.refresh();
      if (update) await deps.streams.publish(topic.kind, undefined, update);
    } catch (error) {
      deps.log?.error({ err: error, kind: topic.kind }, 'stream topic: a refresh failed');
    } finally {
      refreshing = false;
    }
  };
  const follow = (session: SocketSession) => {
    if (followers.size >= MAX_FOLLOWERS && !followers.has(session.tokenHash)) return;
    followers.set(session.tokenHash, Math.min(session.expiresAtMs, nowMs() + FOLLOW_LEASE_MS));
    if (!timer) {
      timer = setInterval(() => void tick(), topic.refreshMs);
      timer.unref();
    }
  };

  deps.streams.register({
    kind: topic.kind,
    hiddenFrom: isAgentSession,
    authorize: (session) => isStaff(deps.db, session),
    topicOf: () => `stream:${topic.kind}:${instance}`,
    async snapshot(_id, session) {
      follow(session);
      return topic.snapshot();
    },
  });
  return { stop };
}
