import type { StatementRow } from '@backlay/contracts';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { fetchStatement, playersKey } from './api.ts';

const COLUMNS: readonly Column<StatementRow>[] = [
  { header: 'Date', text: (row) => formatDateTime(row.date) },
  { header: 'Credit', text: (row) => row.credit, align: 'right' },
  { header: 'Debit', text: (row) => row.debit, align: 'right' },
  { header: 'Balance', text: (row) => row.pts, align: 'right' },
  { header: 'Remark', text: (row) => row.remark },
];

/** The player's own account statement, newest first. */
export function PlayerStatement({ playerId }: { playerId: string }) {
  const { query, rows, more } = useCursorPages({
    queryKey: [...playersKey, 'statement', playerId],
    load: (cursor, signal) => fetchStatement(playerId, cursor, signal),
  });
  return (
    <ListPage
      title="Statement"
      titleId="statement-title"
      csv={{ name: `statement-${playerId}` }}
      error={query.error}
      label="Statement"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      loading={query.isPending}
      emptyText="No money has moved yet."
      more={more}
    />
  );
}
