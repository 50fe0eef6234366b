import type { CpuSplit } from './cpu.ts';

export type RunFigures = {
  perSec: number;
  p99Ms: number;
  refused: number;
  cpu: CpuSplit;
  /** Database transactions committed per operation over the run (all of the cluster's, background too). */
  transactionsPerOperation?: number;
};

export type Row = {
  configuration: string;
  /** The cluster's CPU with no load, just before its runs. */
  idle?: CpuSplit;
  /** `/proc/loadavg`'s first three figures when the configuration started: how quiet the machine was. */
  loadAverage: string;
  /** What the rest of the machine spent, percent of one core, just before the configuration started. */
  othersBefore?: number;
  bets: RunFigures | null;
  callbacks: RunFigures | null;
  /** Units per kind and owner after the runs, and the owners of the hot markets. */
  leases?: string;
  hotMarketOwners?: string;
  error?: string;
};

const PART_ORDER = ['portal', 'postgres', 'pgbouncer', 'haproxy', 'load', 'redis', 'casino', 'bench'];

/**
 * `portals 120 (62+58) · pg 45 · haproxy 20 · load 38 · redis 3 · other 12 · busy 97%`: percent of one
 * core per part over the run, the portals summed with each instance in brackets.
 */
export function cpuLine(split: CpuSplit): string {
  const portals = Object.entries(split.parts)
    .filter(([part]) => part.startsWith('portal-'))
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, value]) => value);
  const pieces: string[] = [];
  if (portals.length > 0) {
    const sum = portals.reduce((total, value) => total + value, 0);
    pieces.push(portals.length > 1 ? `portals ${sum} (${portals.join('+')})` : `portal ${sum}`);
  }
  for (const part of PART_ORDER.slice(1)) {
    const value = split.parts[part];
    if (value !== undefined && value > 0) pieces.push(`${part === 'postgres' ? 'pg' : part} ${value}`);
  }
  pieces.push(`other ${split.other}`, `busy ${split.machineBusyPercent}%`);
  return pieces.join(' · ');
}

const SATURATED = 85;

/**
 * What the run's CPU says bounds it: a full machine (and whose work filled it), one portal at a whole
 * core (a hot unit's owner), the load generator or the balancer at a whole core, or, with no core full,
 * waiting (commits, bus hops) rather than computing.
 */
export function limitHint(split: CpuSplit): string {
  const entries = Object.entries(split.parts).filter(([part]) => part !== 'bench');
  const portals = entries.filter(([part]) => part.startsWith('portal-'));
  // The instances together, against each other part: which kind of work filled the cores.
  const byKind: [string, number][] = [
    ['portals', portals.reduce((total, [, value]) => total + value, 0)],
    ...entries.filter(([part]) => !part.startsWith('portal-')),
    ['others', split.other],
  ];
  const [biggest] = byKind.sort(([, a], [, b]) => b - a);
  if (split.machineBusyPercent >= 90) return `cores full, most to ${biggest?.[0] ?? '-'}`;
  const full = entries.find(([part, value]) => part !== 'postgres' && value >= SATURATED);
  if (full) return `${full[0]} at a whole core`;
  return 'no core full: waits';
}

/** CPU microseconds per operation of each part, over what it spent idle (`idle`): what one bet or callback costs. */
export function costPerOperation(run: RunFigures, idle: CpuSplit | undefined): Record<string, number> {
  const sum = (split: CpuSplit | undefined, pick: (part: string) => boolean) =>
    Object.entries(split?.parts ?? {})
      .filter(([part]) => pick(part))
      .reduce((total, [, value]) => total + value, 0);
  const groups: Record<string, (part: string) => boolean> = {
    portals: (part) => part.startsWith('portal-'),
    postgres: (part) => part === 'postgres',
    pgbouncer: (part) => part === 'pgbouncer',
    haproxy: (part) => part === 'haproxy',
    redis: (part) => part === 'redis',
    load: (part) => part === 'load',
  };
  // PgBouncer runs only in front of a database that fails over (--ha).
  if (run.cpu.parts.pgbouncer === undefined) delete groups.pgbouncer;
  const perSec = Math.max(1, run.perSec);
  return Object.fromEntries(
    Object.entries(groups).map(([name, pick]) => {
      // Percent of one core is 10,000 µs per second.
      const spent = Math.max(0, sum(run.cpu, pick) - sum(idle, pick)) * 10_000;
      return [name, Math.round(spent / perSec)];
    }),
  );
}

/** `portals 380 · postgres 210 · haproxy 40 · redis 10 · load 60`. */
export const costLine = (costs: Record<string, number>) =>
  Object.entries(costs)
    .map(([name, us]) => `${name} ${us}`)
    .join(' · ');

/** Cells padded to their column's width; the last column, free text, is not. */
function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, index) => (index < cells.length - 1 ? cell.padEnd(widths[index] ?? 0) : cell))
    .join(' | ');
}

const figure = (run: RunFigures | null, pick: (run: RunFigures) => number) => (run ? String(pick(run)) : '-');

/** The one table: a row per configuration, the CPU split of each of its two runs. */
export function table(rows: readonly Row[]): string {
  const header = [
    'configuration',
    'bets/s',
    'bet p99 ms',
    'callbacks/s',
    'callback p99 ms',
    'CPU split (% of one core: bets run / callbacks run)',
  ];
  const lines = rows.map((row) => [
    row.configuration,
    figure(row.bets, (run) => run.perSec),
    figure(row.bets, (run) => run.p99Ms),
    figure(row.callbacks, (run) => run.perSec),
    figure(row.callbacks, (run) => run.p99Ms),
    row.error
      ? `failed: ${row.error}`
      : [row.bets, row.callbacks]
          .map((run) => (run ? `${cpuLine(run.cpu)} → ${limitHint(run.cpu)}` : '-'))
          .join(' / '),
  ]);
  const widths = header.map((cell, index) =>
    Math.max(cell.length, ...lines.map((line) => (index === header.length - 1 ? 0 : line[index]!.length))),
  );
  const rule = widths.map((width, index) =>
    '-'.repeat(index === header.length - 1 ? header[index]!.length : width),
  );
  return [pad(header, widths), rule.join('-|-'), ...lines.map((line) => pad(line, widths))].join('\n');
}
