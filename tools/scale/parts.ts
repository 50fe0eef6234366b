import type { Classifier } from './cpu.ts';

/** The processes of one measured run: the cluster's, the load generator's, this bench's own. */
export type RunProcesses = {
  /** Each portal instance's process group (Supervised starts each in its own), by name. */
  portals: readonly { name: string; pgrp: number | undefined }[];
  balancerPgrp: number | undefined;
  casinoPgrp: number | undefined;
  loadPid: number;
  benchPid: number;
  /** The run's database: its backends are counted, other databases' are someone else's work. */
  databaseName: string;
};

/** The server's own processes, which every database on it shares: they write and flush the WAL. */
// Debian names its clusters in the title: `postgres: 15/main: walwriter`, `postgres: 15/main: user db 127.0.0.1(5000) idle`.
// With --ha the standby's replay and both ends of streaming replication are the database's work too.
const POSTGRES_BACKGROUND =
  /^postgres: (?:\S+: )?(walwriter|checkpointer|background writer|walsummarizer|walsender|walreceiver|startup recovering)/;
const CLIENT_BACKEND = /^postgres: (?:\S+: )?(\S+) (\S+) \S+\(\d+\)/;

/**
 * Which part a process is: `portal-1`…, `postgres` (this database's backends and the server's WAL
 * writers), `pgbouncer`, `haproxy`, `load`, `redis`, `casino`, `bench`; undefined for anything else.
 */
export function classifier(run: RunProcesses): Classifier {
  const portalByGroup = new Map(
    run.portals.filter((portal) => portal.pgrp !== undefined).map((portal) => [portal.pgrp!, portal.name]),
  );
  return (process) => {
    const portal = portalByGroup.get(process.pgrp);
    if (portal) return portal;
    if (process.pid === run.loadPid) return 'load';
    if (process.pid === run.benchPid) return 'bench';
    if (run.balancerPgrp !== undefined && process.pgrp === run.balancerPgrp) return 'haproxy';
    if (run.casinoPgrp !== undefined && process.pgrp === run.casinoPgrp) return 'casino';
    if (process.command.startsWith('redis-server')) return 'redis';
    if (/^(\S*\/)?pgbouncer /.test(process.command)) return 'pgbouncer';
    if (POSTGRES_BACKGROUND.test(process.command)) return 'postgres';
    const backend = CLIENT_BACKEND.exec(process.command);
    if (backend?.[2] === run.databaseName) return 'postgres';
    return undefined;
  };
}
