/**
 * `npm run probe`: replays abuse cases against a RUNNING portal (PROBE_URL, default
 * http://127.0.0.1:8080) and prints one table row per case, then one JSON line with every figure.
 * `--spawn` starts the portal itself (server.ts, a temp DATA_DIR, a free port; PostgreSQL in a fresh
 * schema when DATABASE_URL is set; `--server-logs` shows its log). `--quick` lowers the counts;
 * `--only=key,key` picks cases.
 * It measures: exit code 0 whatever held, 2 only when the portal cannot be reached.
 */
import { SourceAddresses } from './addresses.ts';
import { CASES } from './cases/index.ts';
import { targetOf } from './http.ts';
import { spawnPortal, type SpawnedPortal } from './portal.ts';
import { formatTable, summaryJson } from './report.ts';
import { prepare, waitForPortal } from './setup.ts';
import type { CaseResult, ProbeContext } from './types.ts';

const env = process.env;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const operatorCredentials = {
  email: env.ADMIN_EMAIL || 'admin@backlay.local',
  password: env.ADMIN_PASSWORD || 'backlay-admin',
};
const playerCredentials = { email: 'player@backlay.local', password: 'player123' };
const databaseUrl = env.DATABASE_URL || undefined;

const hardStop = setTimeout(() => {
  console.error('probe: exceeded its 5 minute budget');
  process.exit(1);
}, 300_000);
hardStop.unref();

async function runCases(context: ProbeContext) {
  const results: (CaseResult & { key: string; seconds: number })[] = [];
  for (const probeCase of CASES.filter((candidate) => !only || only.includes(candidate.key))) {
    const startedAt = performance.now();
    let result: CaseResult;
    try {
      result = await probeCase.run(context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = {
        name: probeCase.name,
        sent: 0,
        fiveXx: 0,
        held: null,
        detail: `error: ${message}`,
        figures: {},
      };
    }
    const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
    console.error(`probe: ${probeCase.name} done in ${seconds} s`);
    results.push({ ...result, key: probeCase.key, seconds });
  }
  return results;
}

async function main(portal: SpawnedPortal | null): Promise<number> {
  const target = targetOf(portal?.url ?? env.PROBE_URL ?? 'http://127.0.0.1:8080');
  if (!(await waitForPortal(target, 5_000))) {
    console.error(`probe: no portal answers at ${target.origin}`);
    return 2;
  }
  const addresses = new SourceAddresses(target.host);
  const context: ProbeContext = {
    target,
    addresses,
    quick,
    home: addresses.fresh(),
    operator: null,
    operatorCredentials,
    player: null,
    victim: null,
    databaseUrl: portal ? portal.databaseUrl : databaseUrl,
  };
  const notes = await prepare(context, playerCredentials);
  for (const note of notes) console.error(`probe: ${note}`);
  const startedAt = performance.now();
  const results = await runCases(context);
  console.log(`\nBacklay abuse probe — ${target.origin}${portal ? ` (spawned, ${portal.backend})` : ''}`);
  console.log(`source addresses: ${addresses.describe()}${quick ? '; --quick' : ''}\n`);
  console.log(formatTable(results));
  console.log(
    summaryJson(
      {
        target: target.origin,
        spawned: portal?.backend ?? null,
        quick,
        sourceAddresses: addresses.describe(),
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
        serverErrorLogLines: portal ? portal.errorLogLines() : null,
        portalExitCode: portal ? portal.exitCode() : null,
        notes,
      },
      results,
    ),
  );
  return 0;
}

const portal = args.includes('--spawn')
  ? await spawnPortal(databaseUrl, operatorCredentials, args.includes('--server-logs'))
  : null;
let exitCode = 2;
try {
  exitCode = await main(portal);
} finally {
  await portal?.close();
}
process.exit(exitCode);
