import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './supervised.ts';

export type ProcessRole =
  | 'portal'
  | 'casino'
  | 'haproxy'
  | 'redis'
  | 'pgbouncer'
  | 'postgres-primary'
  | 'postgres-standby'
  | 'postgres-monitor'
  | 'pg-autoctl';

/** One process of a running cluster; pid null when the cluster did not start it (the machine's Redis). */
export type ClusterProcess = {
  role: ProcessRole;
  name: string;
  pid: number | null;
  port: number | null;
  /** PostgreSQL's data directory (its keeper's too). */
  dataDir?: string;
};

export type ClusterState = { updatedAt: string; processes: ClusterProcess[] };

/** Where a running cluster says what it runs (gitignored); removed when it stops. */
export const STATE_FILE = join(REPO_ROOT, '.cluster', 'state.json');

/** The port a URL names, or its scheme's default (postgres 5432, redis 6379). */
export function portOf(url: string): number | null {
  const parsed = new URL(url);
  if (parsed.port) return Number(parsed.port);
  const defaults: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379 };
  return defaults[parsed.protocol] ?? null;
}

/** The state document: processes sorted by role then name, so two equal states serialise alike. */
export function clusterState(processes: readonly ClusterProcess[], now: Date): ClusterState {
  const sorted = [...processes].sort((a, b) => a.role.localeCompare(b.role) || a.name.localeCompare(b.name));
  return { updatedAt: now.toISOString(), processes: sorted };
}

/** The pid PostgreSQL's postmaster wrote in its data directory, or null when it is not running. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Writes the state file when the processes differ from the last one written (returns whether it did). */
export class StateFile {
  private last = '';

  constructor(private readonly file = STATE_FILE) {}

  write(processes: readonly ClusterProcess[]): boolean {
    const key = JSON.stringify(clusterState(processes, new Date(0)).processes);
    if (key === this.last) return false;
    this.last = key;
    mkdirSync(join(this.file, '..'), { recursive: true });
    // Readers never see half a file: write aside, then rename over.
    const partial = `${this.file}.partial`;
    writeFileSync(partial, `${JSON.stringify(clusterState(processes, new Date()), null, 2)}\n`);
    renameSync(partial, this.file);
    return true;
  }

  remove(): void {
    rmSync(this.file, { force: true });
    this.last = '';
  }
}
