import { readFileSync } from 'node:fs';
import { summarise, type Sample } from './failover-summary.ts';
import { STATE_FILE, type ClusterState } from './state-file.ts';

/**
 * `npx tsx tools/cluster/failover-probe.ts [balancer URL]`, with `npm run cluster -- --ha` running: the
 * demo player signs in and reads /api/me every 200 ms through the balancer, the primary's postmaster is
 * killed (kill -9; its keeper stays) after 3 s, and after PROBE_SECONDS (default 40) it prints what each
 * kind of request saw from the kill on (decision 0303's figures).
 */
const base = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT || 8080}`;
const runMs = Number(process.env.PROBE_SECONDS || 40) * 1_000;
const REQUEST_TIMEOUT_MS = 15_000;
const PAUSE_MS = 200;
const KILL_AFTER_MS = 3_000;
const DEMO_PLAYER = JSON.stringify({ email: 'player@backlay.local', password: 'player123' });

const readState = () => JSON.parse(readFileSync(STATE_FILE, 'utf8')) as ClusterState;
const databaseRoles = (state: ClusterState) =>
  state.processes
    .filter((entry) => entry.role.startsWith('postgres-'))
    .map((entry) => `${entry.name} ${entry.role} (pid ${entry.pid})`)
    .join(', ');

const startedAt = Date.now();
const samples: Sample[] = [];

async function timed(kind: string, path: string, init: RequestInit = {}): Promise<void> {
  const sentMs = Date.now() - startedAt;
  try {
    const response = await fetch(`${base}${path}`, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    const code = typeof body.code === 'string' ? body.code : undefined;
    samples.push({
      kind,
      sentMs,
      status: response.status,
      ms: Date.now() - startedAt - sentMs,
      ...(code ? { code } : {}),
    });
  } catch (error) {
    const status = (error as Error).name === 'TimeoutError' ? 'timeout' : 'error';
    samples.push({ kind, sentMs, status, ms: Date.now() - startedAt - sentMs });
  }
}

const signIn: RequestInit = {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: DEMO_PLAYER,
};
const first = await fetch(`${base}/api/loginUser`, signIn);
if (!first.ok) throw new Error(`the demo player could not sign in (${first.status}); is DEMO_DATA on?`);
const { access_token: token } = (await first.json()) as { access_token: string };
const me: RequestInit = { headers: { authorization: `Bearer ${token}` } };

const before = readState();
const primary = before.processes.find((entry) => entry.role === 'postgres-primary');
if (!primary?.pid || !primary.dataDir)
  throw new Error("no PostgreSQL primary of the cluster's own (run it with --ha)");
console.log(`before: ${databaseRoles(before)}`);

let running = true;
const loop = async (kind: string, path: string, init: RequestInit) => {
  while (running) {
    await timed(kind, path, init);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
};
const loops = [
  loop('sign-in', '/api/loginUser', signIn),
  loop('me', '/api/me', me),
  loop('me', '/api/me', me),
];
await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
const killedAtMs = Date.now() - startedAt;
process.kill(primary.pid, 'SIGKILL');
console.log(`kill -9 ${primary.pid} (${primary.name}'s postmaster)`);
await new Promise((resolve) => setTimeout(resolve, runMs));
running = false;
await Promise.all(loops);

for (const kind of summarise(samples, killedAtMs)) {
  const answers = Object.entries(kind.answers).map(([answer, count]) => `${count} × ${answer}`);
  console.log(
    `${kind.kind}: ${answers.join(', ')}; last failure sent ${kind.lastFailureSentS ?? '-'} s after the kill, ` +
      `first 2xx answered ${kind.firstSuccessAnsweredS ?? '-'} s after it, slowest ${kind.slowestMs} ms`,
  );
}
console.log(`after: ${databaseRoles(readState())}`);
