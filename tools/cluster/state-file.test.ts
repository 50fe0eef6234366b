import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterState, portOf, postmasterPid, StateFile, type ClusterProcess } from './state-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'cluster-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const portal: ClusterProcess = { role: 'portal', name: 'portal-1', pid: 101, port: 9001 };
const primary: ClusterProcess = {
  role: 'postgres-primary',
  name: 'node1',
  pid: 201,
  port: 5501,
  dataDir: '/d/node1',
};
const redis: ClusterProcess = { role: 'redis', name: 'redis', pid: null, port: 6379 };

describe('the cluster state file', () => {
  it('lists the processes by role then name, with the time it was written', () => {
    const state = clusterState([redis, primary, portal], new Date('2026-01-01T00:00:00Z'));
    expect(state.updatedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(state.processes.map((entry) => entry.role)).toEqual(['portal', 'postgres-primary', 'redis']);
  });

  it('is rewritten only when a process changed (a failover swaps the roles), and removed on stop', () => {
    const file = join(dir, '.cluster', 'state.json');
    const stateFile = new StateFile(file);
    expect(stateFile.write([portal, primary])).toBe(true);
    expect(stateFile.write([primary, portal])).toBe(false);
    const failedOver = { ...primary, role: 'postgres-standby' as const, pid: 202 };
    expect(stateFile.write([portal, failedOver])).toBe(true);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { processes: ClusterProcess[] };
    expect(written.processes[1]).toEqual(failedOver);
    stateFile.remove();
    expect(existsSync(file)).toBe(false);
  });

  it("reads a port from a URL, or its scheme's default", () => {
    expect(portOf('postgres://postgres@127.0.0.1:6432/backlay')).toBe(6432);
    expect(portOf('postgres://postgres@127.0.0.1/backlay')).toBe(5432);
    expect(portOf('redis://127.0.0.1')).toBe(6379);
    expect(portOf('http://127.0.0.1:8080')).toBe(8080);
  });

  it("reads the postmaster's pid from its data directory, null when it is not running", () => {
    writeFileSync(join(dir, 'postmaster.pid'), `${process.pid}\n/d\n`);
    expect(postmasterPid(dir)).toBe(process.pid);
    writeFileSync(join(dir, 'postmaster.pid'), '999999999\n');
    expect(postmasterPid(dir)).toBeNull();
    expect(postmasterPid(join(dir, 'missing'))).toBeNull();
  });
});
