import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const READY_TIMEOUT_MS = 90_000;
const POLL_INTERVAL_MS = 250;

export interface RunningPortal {
  baseUrl: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
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

/**
 * Starts the real portal entry point with a throw-away embedded database, serving the web build
 * in apps/web/dist (the caller builds it first).
 */
export async function startPortal(): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
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
  return { baseUrl, stop };
}

/** A fresh demo player's session, the way the login page stores it. */
export async function demoSession(baseUrl: string): Promise<{ token: string; user: string }> {
  const response = await fetch(`${baseUrl}/api/demoLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status}`);
  const body = (await response.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: JSON.stringify(body.user) };
}
