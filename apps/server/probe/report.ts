import type { CaseResult, Figure } from './types.ts';

const COLUMNS = [
  { title: 'case', width: 16 },
  { title: 'sent', width: 6 },
  { title: '5xx', width: 5 },
  { title: 'held', width: 5 },
] as const;

function heldText(held: boolean | null): string {
  if (held === null) return 'n/a';
  return held ? 'yes' : 'NO';
}

/** Fixed-width columns; the detail column takes the rest of the line. */
export function formatTable(results: readonly CaseResult[]): string {
  const row = (cells: string[], detail: string) =>
    cells.map((cell, index) => cell.padEnd(COLUMNS[index]?.width ?? 0)).join(' ') + ' ' + detail;
  const lines = [
    row(
      COLUMNS.map((column) => column.title),
      'detail',
    ),
  ];
  lines.push('-'.repeat(100));
  for (const result of results) {
    lines.push(
      row([result.name, String(result.sent), String(result.fiveXx), heldText(result.held)], result.detail),
    );
  }
  return lines.join('\n');
}

export function summaryJson(
  header: Record<string, Figure>,
  results: readonly (CaseResult & { key: string; seconds: number })[],
): string {
  const cases = Object.fromEntries(
    results.map((result) => [
      result.key,
      {
        sent: result.sent,
        fiveXx: result.fiveXx,
        held: result.held,
        seconds: result.seconds,
        ...result.figures,
      },
    ]),
  );
  const total5xx = results.reduce((sum, result) => sum + result.fiveXx, 0);
  const notHeld = results.filter((result) => result.held === false).map((result) => result.key);
  return JSON.stringify({ probe: 'abuse', ...header, total5xx, notHeld, cases });
}
