import pg from 'pg';
import { call } from '../http.ts';
import { skipped, Tally, type CaseResult, type ProbeCase, type ProbeContext } from '../types.ts';

const NAME = 'connection loss';
const POLL_EVERY_MS = 50;
// Keep polling a little after recovery: a lost listener or a late pool error may surface afterwards.
const OBSERVE_AT_LEAST_MS = 2_000;

const TERMINATE_PORTAL_BACKENDS = `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
  WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;

async function terminateBackends(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(TERMINATE_PORTAL_BACKENDS)).rowCount ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Every database connection of the portal is cut; the probe polls an authenticated route that may be
 * answered from the session cache (/api/me) and one that always reads the database (stake presets)
 * until both answer 200 again (and for at least 2 s). 503 while the database is away is the expected
 * answer; 500 is not.
 */
async function run(context: ProbeContext): Promise<CaseResult> {
  const { databaseUrl, player } = context;
  if (!databaseUrl?.startsWith('postgres')) return skipped(NAME, 'PostgreSQL only (set DATABASE_URL)');
  if (!player) return skipped(NAME, 'needs a signed-in player');
  const budgetMs = context.quick ? 10_000 : 20_000;
  const paths = ['/api/me', '/api/settings/stake-buttons'];
  const tally = new Tally();
  const recoveredMs: Record<string, number | null> = { '/api/me': null, '/api/settings/stake-buttons': null };
  const terminated = await terminateBackends(databaseUrl);
  const startedAt = performance.now();
  const watching = () => {
    const elapsedMs = performance.now() - startedAt;
    const pending = paths.some((path) => recoveredMs[path] === null);
    return elapsedMs < budgetMs && (pending || elapsedMs < OBSERVE_AT_LEAST_MS);
  };
  while (watching()) {
    for (const path of paths) {
      const answer = await call(context.target, {
        path,
        token: player.token,
        from: context.home,
        timeoutMs: 5_000,
      });
      tally.add(answer);
      if (answer.status === 200) recoveredMs[path] ??= Math.round(performance.now() - startedAt);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_EVERY_MS));
  }
  const fiveHundreds = tally.fiveXx - tally.count(503);
  const recovered = paths.every((path) => recoveredMs[path] !== null);
  return {
    name: NAME,
    sent: tally.sent,
    fiveXx: tally.fiveXx,
    held: recovered && fiveHundreds === 0,
    detail:
      `${terminated} backends cut; 200 again after ${paths.map((path) => `${path} ${recoveredMs[path] ?? `> ${budgetMs}`} ms`).join(', ')}; ` +
      `${tally.describe()} (503 fine, other 5xx ${fiveHundreds})` +
      (tally.noAnswer > 0 ? `; ${tally.noAnswer} without answer (portal down?)` : ''),
    figures: {
      terminatedBackends: terminated,
      recoveryMs: recoveredMs['/api/me'] ?? null,
      dbRouteRecoveryMs: recoveredMs['/api/settings/stake-buttons'] ?? null,
      count503: tally.count(503),
      countOther5xx: fiveHundreds,
      noAnswer: tally.noAnswer,
      byStatus: tally.byStatus,
    },
  };
}

export const connectionLoss: ProbeCase = { key: 'connectionLoss', name: NAME, run };
