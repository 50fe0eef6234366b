import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time per process from /proc (Linux), read at the start and end of a measured run. `ps -o %cpu`
 * would give each process's average over its whole life, which includes start-up and idle minutes; the
 * difference of two readings is what the run itself cost.
 */

const CLOCK_TICKS_PER_SEC = 100;

export type ProcessTicks = { pid: number; pgrp: number; ticks: number; command: string };

/** `/proc/<pid>/stat`'s fields after the command name: state, ppid, pgrp, … utime (12th), stime (13th). */
export function parseStat(stat: string): { pgrp: number; ticks: number } | null {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  const pgrp = Number(fields[2]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(pgrp) && Number.isFinite(ticks) ? { pgrp, ticks } : null;
}

/** Every process this user may read, with its CPU ticks so far and its command line. */
export function readProcesses(): Map<number, ProcessTicks> {
  const processes = new Map<number, ProcessTicks>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const parsed = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      if (parsed) processes.set(pid, { pid, ...parsed, command });
    } catch {
      // Ended while being read.
    }
  }
  return processes;
}

/** The machine's busy and total ticks over all cores (`/proc/stat`'s first line). */
export function readMachine(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export type Snapshot = {
  at: number;
  processes: Map<number, ProcessTicks>;
  machine: ReturnType<typeof readMachine>;
};

export const snapshot = (): Snapshot => ({
  at: performance.now(),
  processes: readProcesses(),
  machine: readMachine(),
});

/** Which named part of the system a process belongs to, or undefined for everyone else's work. */
export type Classifier = (process: ProcessTicks) => string | undefined;

export type CpuSplit = {
  /** Percent of one core per part, over the run. */
  parts: Record<string, number>;
  /** Everything else running on the machine meanwhile (other users' work), percent of one core. */
  other: number;
  /** The machine's busy share of all its cores, percent. */
  machineBusyPercent: number;
};

/**
 * What each part spent between two snapshots, in percent of one core. A process that started during
 * the run counts from zero; one that ended during it is lost (the bench's processes live throughout).
 */
export function cpuSplit(before: Snapshot, after: Snapshot, classify: Classifier): CpuSplit {
  const seconds = (after.at - before.at) / 1000;
  const percent = (ticks: number) => Math.round((ticks / CLOCK_TICKS_PER_SEC / seconds) * 100);
  const ticks: Record<string, number> = {};
  for (const process of after.processes.values()) {
    const part = classify(process);
    if (!part) continue;
    const earlier = before.processes.get(process.pid);
    const spent = process.ticks - (earlier && earlier.command === process.command ? earlier.ticks : 0);
    ticks[part] = (ticks[part] ?? 0) + Math.max(0, spent);
  }
  const machineBusy = after.machine.busy - before.machine.busy;
  const machineTotal = Math.max(1, after.machine.total - before.machine.total);
  const ours = Object.values(ticks).reduce((sum, value) => sum + value, 0);
  return {
    parts: Object.fromEntries(Object.entries(ticks).map(([part, value]) => [part, percent(value)])),
    // /proc/stat counts every core's ticks, so the machine's busy ticks and the parts' add up.
    other: Math.max(0, percent(machineBusy - ours)),
    machineBusyPercent: Math.round((machineBusy / machineTotal) * 100),
  };
}

/**
 * The quietest of several looks at an idle cluster, part by part: a look that caught something passing
 * (a vacuum after the last run, units handed over after a start) would otherwise be taken for what the
 * cluster always spends, and subtracted from every figure under load.
 */
export function quietestSplit(looks: readonly CpuSplit[]): CpuSplit {
  const least = (of: (look: CpuSplit) => number) => Math.min(...looks.map(of));
  const names = new Set(looks.flatMap((look) => Object.keys(look.parts)));
  // A part missing from a look spent nothing in it.
  const parts = Object.fromEntries([...names].map((name) => [name, least((look) => look.parts[name] ?? 0)]));
  return {
    parts,
    other: least((look) => look.other),
    machineBusyPercent: least((look) => look.machineBusyPercent),
  };
}
