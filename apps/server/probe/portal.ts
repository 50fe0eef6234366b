import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../tools/portal-process.ts';
import { targetOf } from './http.ts';
import { waitForPortal } from './setup.ts';
import type { Credentials } from './types.ts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export type SpawnedPortal = {
  url: string;
  backend: 'pglite' | 'postgres';
  /** The database the portal uses (a fresh schema of DATABASE_URL), for the connection-loss case. */
  databaseUrl: string | undefined;
  /** Lines the portal logged at error level or worse (5xx details stay in the log). */
  errorLogLines(): number;
  exitCode(): number | null;
  close(): Promise<void>;
};

async function withClient(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh schema so a spawned portal starts empty and leaves the database as it found it. */
async function freshSchema(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `probe_${randomBytes(5).toString('hex')}`;
  await withClient(baseUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), drop: () => withClient(baseUrl, `DROP SCHEMA ${schema} CASCADE`) };
}

/** Starts the real entry point (server.ts) on a free loopback port, as the browser tests do. */
export async function spawnPortal(
  baseDatabaseUrl: string | undefined,
  admin: Credentials,
  showLogs: boolean,
): Promise<SpawnedPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-probe-'));
  const schema = baseDatabaseUrl ? await freshSchema(baseDatabaseUrl) : null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: schema?.url ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DEMO_DATA: 'true',
      LOG_LEVEL: process.env.PROBE_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errorLines = 0;
  let lastOutput = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      if (showLogs) process.stderr.write(chunk);
      lastOutput = (lastOutput + chunk.toString()).slice(-2_000);
      errorLines += chunk.toString().match(/"level":(50|60)/g)?.length ?? 0;
    });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await schema?.drop();
  };
  if (!(await waitForPortal(targetOf(url), READY_TIMEOUT_MS, () => child.exitCode === null))) {
    child.kill('SIGKILL');
    await exited;
    await cleanUp();
    throw new Error(`the spawned portal did not start (exit code ${child.exitCode}):\n${lastOutput}`);
  }
  return {
    url,
    backend: schema ? 'postgres' : 'pglite',
    databaseUrl: schema?.url,
    errorLogLines: () => errorLines,
    exitCode: () => child.exitCode,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await cleanUp();
    },
  };
}
