import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_TIMEOUT_MS = 90_000;
const POLL_INTERVAL_MS = 250;

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type PortalProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Stops the portal (SIGTERM) and removes its throw-away data folder. */
  stop(): Promise<void>;
};

export type PortalProcessOptions = {
  /** Names the temporary data folder, e.g. `backlay-e2e-`. */
  dataDirPrefix: string;
  /** Extra environment (ADMIN_EMAIL, DATABASE_URL, …); the embedded database is the default. */
  env?: Record<string, string>;
  stdio?: StdioOptions;
};

/**
 * Starts the real entry point (apps/server/src/server.ts) on a free loopback port with a throw-away
 * embedded database and resolves once its routes answer. Browser tests, the Lighthouse run and the
 * abuse probe start the portal this one way.
 */
export async function startPortalProcess(options: PortalProcessOptions): Promise<PortalProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Several portals run side by side here; none needs the trading stream's fixed TLS port.
      BETFAIR_STREAM_PORT: '0',
      ...options.env,
    },
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, child, stop };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited early with code ${child.exitCode}`);
    try {
      // An unauthenticated /api/me answers 401 once the routes are registered.
      if ((await fetch(`${baseUrl}/api/me`)).status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  throw new Error(`portal did not become ready at ${baseUrl}`);
}
