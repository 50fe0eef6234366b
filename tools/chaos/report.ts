import type { Counts } from './record.ts';

export type FaultRow = {
  fault: string;
  /** Null: service did not come back within the window. */
  serviceSeconds: number | null;
  counts: Counts;
  lost: number;
  doubled: number;
  refusalsThatMoved: number;
};

export type Check = { name: string; ok: boolean; detail: string };

const HEADER = ['fault', 'seconds until service', '2xx', '4xx', '5xx', 'unanswered', 'lost', 'doubled'];

/** The run's table, columns padded to their widest cell. */
export function formatTable(rows: readonly FaultRow[]): string {
  const cells = rows.map((row) => [
    row.fault,
    row.serviceSeconds === null ? 'none' : row.serviceSeconds.toFixed(1),
    String(row.counts['2xx']),
    String(row.counts['4xx']),
    String(row.counts['5xx']),
    String(row.counts.unanswered),
    String(row.lost),
    String(row.doubled),
  ]);
  const widths = HEADER.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: readonly string[]) =>
    `| ${values.map((value, column) => (column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(HEADER), rule, ...cells.map(line)].join('\n');
}

export const formatCheck = (check: Check) => `${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`;
