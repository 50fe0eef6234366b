import { randomUUID } from 'node:crypto';
import type { Dashboard } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import type { SocketSession } from '../../platform/sockets/index.ts';
import type { StreamRegistry } from '../../platform/stream/index.ts';
import { ALL_STAFF, isAgentSession, readActiveStaffRole } from '../auth/index.ts';
import { DayFiguresCache, readDashboard, type DashboardOptions } from './dashboard.ts';

/** How often followers get a fresh dashboard, and how old an answer the HTTP route may share. */
export const DASHBOARD_REFRESH_MS = 5_000;
export const DASHBOARD_SHARED_MS = 1_000;
/** Staff sessions followed at once on one instance, at most (a bound, far above any console team). */
const MAX_FOLLOWERS = 1_000;

export const DASHBOARD_TOPIC_KIND = 'admin-dashboard';

/**
 * One dashboard per instance, shared by every reader (docs/decisions/0246): however many consoles watch
 * it, the database sees one read per refresh, and requests arriving together wait for the same read.
 */
export class DashboardSource {
  #latest: { atMs: number; seq: number; dashboard: Promise<Dashboard> } | null = null;
  #seq = 0;
  readonly #day = new DayFiguresCache();

  constructor(
    private readonly sql: Sql,
    private readonly options: DashboardOptions,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** A dashboard no older than `maxAgeMs` (a read in flight counts as fresh), with its seq. */
  read(maxAgeMs: number): Promise<{ seq: number; dashboard: Dashboard }> {
    const now = this.nowMs();
    let latest = this.#latest;
    if (!latest || now - latest.atMs > maxAgeMs) {
      // Seqs grow with every read, even two within one millisecond: a follower never sees one go back.
      this.#seq = Math.max(this.#seq + 1, now);
      latest = {
        atMs: now,
        seq: this.#seq,
        dashboard: readDashboard(this.sql, this.options, now, this.#day),
      };
      this.#latest = latest;
      // A failed read is not kept: the next caller reads again.
      latest.dashboard.catch(() => {
        if (this.#latest === latest) this.#latest = null;
      });
    }
    const { seq, dashboard } = latest;
    return dashboard.then((value) => ({ seq, dashboard: value }));
  }
}

/**
 * The stream topic `admin-dashboard` (no id): staff only; the snapshot is the dashboard, then a fresh
 * one every DASHBOARD_REFRESH_MS while a staff session that follows it is live. Each instance publishes
 * for its own followers on a topic of its own, so no instance reads for another's consoles and a
 * console hears one update per refresh however many instances run. The socket tells no provider when a
 * follower leaves, so a follower counts until its session expires; the cost stays one read per refresh
 * per instance.
 */
export function registerDashboardStream(deps: {
  db: Sql;
  streams: Pick<StreamRegistry, 'register' | 'publish'>;
  source: Pick<DashboardSource, 'read'>;
  log?: { error(object: object, message: string): void };
  nowMs?: () => number;
}): { stop(): void } {
  const nowMs = deps.nowMs ?? Date.now;
  const instance = randomUUID();
  const followers = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;

  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const tick = async () => {
    for (const [token, expiresAtMs] of followers) if (expiresAtMs <= nowMs()) followers.delete(token);
    if (followers.size === 0) return stop();
    try {
      const { seq, dashboard } = await deps.source.read(0);
      await deps.streams.publish(DASHBOARD_TOPIC_KIND, undefined, { seq, data: dashboard });
    } catch (error) {
      deps.log?.error({ err: error }, 'dashboard: a refresh failed');
    }
  };
  const follow = (session: SocketSession) => {
    if (followers.size >= MAX_FOLLOWERS && !followers.has(session.tokenHash)) return;
    followers.set(session.tokenHash, session.expiresAtMs);
    if (!timer) {
      timer = setInterval(() => void tick(), DASHBOARD_REFRESH_MS);
      timer.unref();
    }
  };

  deps.streams.register({
    kind: DASHBOARD_TOPIC_KIND,
    hiddenFrom: isAgentSession,
    authorize: (session) => isStaff(deps.db, session),
    topicOf: () => `stream:${DASHBOARD_TOPIC_KIND}:${instance}`,
    async snapshot(_id, session) {
      follow(session);
      const { seq, dashboard } = await deps.source.read(DASHBOARD_SHARED_MS);
      return { seq, data: dashboard };
    },
  });
  return { stop };
}

/** Staff of any role, read afresh: a role taken away stops the next subscription at once. */
export async function isStaff(db: Sql, session: SocketSession): Promise<boolean> {
  if (session.role !== 'operator') return false;
  const role = await readActiveStaffRole(db, session.userId);
  return role !== null && (ALL_STAFF as readonly string[]).includes(role);
}
