import {
  toCsv,
  type AccountStatementRow,
  type CsvColumn,
  type DownlineBet,
  type DownlinePl,
  type DownlinePlGroup,
  type DownlinePlRow,
} from '@backlay/contracts';
import type { FastifyReply } from 'fastify';

/** The most rows one CSV export reads, page by page from the cursor it is given. */
export const CSV_MAX_ROWS = 10_000;
const CSV_PAGE = 500;

/** Pages from `cursor` on until there are no more or the export is full. */
export async function allPages<Item>(
  read: (page: { cursor: string | undefined; limit: number }) => Promise<{
    items: Item[];
    nextCursor: string | null;
  }>,
  cursor: string | undefined,
): Promise<Item[]> {
  const items: Item[] = [];
  let next = cursor;
  do {
    const page = await read({ cursor: next, limit: Math.min(CSV_PAGE, CSV_MAX_ROWS - items.length) });
    items.push(...page.items);
    next = page.nextCursor ?? undefined;
  } while (next !== undefined && items.length < CSV_MAX_ROWS);
  return items;
}

/** Sends the text as a CSV file download (the cells escaped and defused by `toCsv`). */
export function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(text);
}

const FIGURES: CsvColumn<DownlinePlRow>[] = [
  { header: 'Turnover', text: (row) => row.turnover },
  { header: 'Players P/L', text: (row) => row.playersPl },
  { header: 'Own share', text: (row) => row.ownShare },
  { header: 'Upline share', text: (row) => row.uplineShare },
  { header: 'Commission', text: (row) => row.commission },
];
const KEYS: Record<DownlinePlGroup, CsvColumn<DownlinePlRow>[]> = {
  child: [
    { header: 'Account id', text: (row) => row.accountId ?? '' },
    { header: 'Name', text: (row) => row.name },
  ],
  market: [
    { header: 'Market id', text: (row) => row.marketId ?? '' },
    { header: 'Market', text: (row) => row.name },
  ],
  day: [{ header: 'Day', text: (row) => row.day ?? row.name }],
};

/** The report's rows and a last row of totals. */
export function downlinePlCsv(report: DownlinePl, groupBy: DownlinePlGroup): string {
  const totals: DownlinePlRow = { ...report.totals, name: 'Total', day: 'Total', accountId: undefined };
  return toCsv([...KEYS[groupBy], ...FIGURES], [...report.rows, totals]);
}

export const statementCsv = (rows: AccountStatementRow[]) =>
  toCsv<AccountStatementRow>(
    [
      { header: 'Date', text: (row) => row.date },
      { header: 'Kind', text: (row) => row.kind },
      { header: 'Remark', text: (row) => row.remark },
      { header: 'Amount', text: (row) => row.amount },
      { header: 'Pts', text: (row) => row.pts },
    ],
    rows,
  );

export const liveBetsCsv = (rows: DownlineBet[]) =>
  toCsv<DownlineBet>(
    [
      { header: 'Bet id', text: (row) => row.id },
      { header: 'Player', text: (row) => row.player },
      { header: 'Market', text: (row) => row.market },
      { header: 'Runner', text: (row) => row.runner },
      { header: 'Side', text: (row) => row.side },
      { header: 'Price', text: (row) => row.price },
      { header: 'Stake', text: (row) => row.stake },
      { header: 'Matched', text: (row) => row.matched },
      { header: 'Placed at', text: (row) => row.placedAt },
    ],
    rows,
  );
