import { describe, expect, it } from 'vitest';
import {
  cpuSplit,
  parseStat,
  quietestSplit,
  type CpuSplit,
  type ProcessTicks,
  type Snapshot,
} from './cpu.ts';

const stat = (command: string, pgrp: number, utime: number, stime: number) =>
  `4242 (${command}) S 1 ${pgrp} ${pgrp} 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 5 0 0`;

function snapshotOf(atMs: number, busy: number, total: number, processes: ProcessTicks[]): Snapshot {
  return { at: atMs, machine: { busy, total }, processes: new Map(processes.map((p) => [p.pid, p])) };
}

describe('cpu readings', () => {
  it('reads the process group and user plus system ticks, whatever the command name holds', () => {
    expect(parseStat(stat('node', 77, 120, 30))).toEqual({ pgrp: 77, ticks: 150 });
    expect(parseStat(stat('odd) name', 5, 1, 2))).toEqual({ pgrp: 5, ticks: 3 });
  });

  it('splits a run into percent of one core per part, and leaves the rest to everyone else', () => {
    const portal = { pid: 10, pgrp: 10, command: 'node server.ts' };
    const database = { pid: 20, pgrp: 20, command: 'postgres: db' };
    const before = snapshotOf(0, 1000, 2000, [
      { ...portal, ticks: 100 },
      { ...database, ticks: 50 },
    ]);
    // Two seconds on two cores: 400 ticks in all, 300 of them busy.
    const after = snapshotOf(2000, 1300, 2400, [
      { ...portal, ticks: 260 },
      { ...database, ticks: 90 },
      { pid: 30, pgrp: 30, command: 'haproxy', ticks: 20 },
    ]);
    const split = cpuSplit(before, after, (process) =>
      process.pid === 10
        ? 'portal-1'
        : process.pid === 20
          ? 'postgres'
          : process.pid === 30
            ? 'haproxy'
            : undefined,
    );
    expect(split).toEqual({
      parts: { 'portal-1': 80, postgres: 20, haproxy: 10 },
      other: 40,
      machineBusyPercent: 75,
    });
  });

  it('counts a process whose pid was reused by another command from zero', () => {
    const before = snapshotOf(0, 0, 200, [{ pid: 10, pgrp: 10, command: 'old', ticks: 500 }]);
    const after = snapshotOf(1000, 100, 400, [{ pid: 10, pgrp: 10, command: 'new', ticks: 40 }]);
    expect(cpuSplit(before, after, () => 'load').parts).toEqual({ load: 40 });
  });

  it('takes idle as the quietest look of each part, so a passing vacuum is not subtracted from every run', () => {
    const looks: CpuSplit[] = [
      { parts: { 'portal-1': 4, postgres: 60 }, other: 8, machineBusyPercent: 40 },
      { parts: { 'portal-1': 15, postgres: 3 }, other: 2, machineBusyPercent: 12 },
      { parts: { 'portal-1': 5, postgres: 4, haproxy: 1 }, other: 5, machineBusyPercent: 7 },
    ];
    expect(quietestSplit(looks)).toEqual({
      parts: { 'portal-1': 4, postgres: 3, haproxy: 0 },
      other: 2,
      machineBusyPercent: 7,
    });
  });
});
