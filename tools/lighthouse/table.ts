import type { AuditFigures, Preset } from './audit.ts';

export interface Row {
  route: string;
  preset: Preset;
  figures: AuditFigures;
}

const HEADINGS = ['route', 'preset', 'perf', 'a11y', 'best pr.', 'LCP', 'CLS', 'FCP', 'TBT', 'SI'];

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** A plain-text table; failing accessibility / best-practices audits are listed under it. */
export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map(({ route, preset, figures }) => [
    route,
    preset,
    String(figures.performance),
    String(figures.accessibility),
    String(figures.bestPractices),
    seconds(figures.lcpMs),
    figures.clsScore.toFixed(3),
    seconds(figures.fcpMs),
    `${Math.round(figures.tbtMs)} ms`,
    seconds(figures.speedIndexMs),
  ]);
  const widths = HEADINGS.map((heading, column) =>
    Math.max(heading.length, ...cells.map((row) => (row[column] ?? '').length)),
  );
  const line = (row: readonly string[]) =>
    row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ');
  const failing = rows
    .filter((row) => row.figures.failing.length > 0)
    .map((row) => `${row.route} (${row.preset}) not passing: ${row.figures.failing.join(', ')}`);
  return [
    line(HEADINGS),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...cells.map(line),
    '',
    ...failing,
  ]
    .join('\n')
    .trimEnd();
}
