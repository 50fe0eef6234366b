import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CASINO_PORT, DEFAULT_PORTAL_PORT, localServiceUrl } from '@backlay/contracts';
import { pipeLines } from './process-lines.ts';

/**
 * `npm start`: runs the portal and the local casino aggregator side by side, each line of their output
 * prefixed with its name. Ctrl-C (SIGINT) or SIGTERM stops both; if one of them exits, the other is
 * stopped too and this process exits with the first one's code.
 */
const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** A service still running this long after SIGTERM is killed. */
const STOP_GRACE_MS = 10_000;

type Service = { name: string; workspace: string; child?: ChildProcess; exited?: Promise<number> };

const services: Service[] = [
  { name: 'portal', workspace: '@backlay/server' },
  { name: 'casino', workspace: '@backlay/casino' },
];
const width = Math.max(...services.map((service) => service.name.length));

/**
 * Both services get the same view of each other: the portal reaches the casino at CASINO_URL, the casino
 * calls back PORTAL_URL, each on this machine at the other's port unless set. Invalid ports are left to
 * the services, whose configuration check names them.
 */
function servicesEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    CASINO_URL: env.CASINO_URL || localServiceUrl(env.CASINO_PORT || DEFAULT_CASINO_PORT),
    PORTAL_URL: env.PORTAL_URL || localServiceUrl(env.PORT || DEFAULT_PORTAL_PORT),
  };
}

function start(service: Service): void {
  // Its own process group, so a signal reaches npm and the server it runs.
  const child = spawn('npm', ['run', 'start', '--silent', '-w', service.workspace], {
    cwd: REPO_ROOT,
    env: servicesEnv(process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${service.name.padEnd(width)}] `;
  pipeLines(child.stdout!, prefix, process.stdout);
  pipeLines(child.stderr!, prefix, process.stderr);
  service.child = child;
  service.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
}

function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

let stopping = false;
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const service of services) signalGroup(service.child, 'SIGTERM');
    const killer = setTimeout(
      () => services.forEach((service) => signalGroup(service.child, 'SIGKILL')),
      STOP_GRACE_MS,
    );
    await Promise.all(services.map((service) => service.exited));
    clearTimeout(killer);
  }
  process.exit(code);
}

for (const service of services) start(service);
process.once('SIGINT', () => void stopAll(130));
process.once('SIGTERM', () => void stopAll(143));
for (const service of services) {
  void service.exited!.then((code) => {
    if (stopping) return;
    console.error(`[${service.name.padEnd(width)}] exited with code ${code}; stopping the others`);
    void stopAll(code === 0 ? 1 : code);
  });
}
