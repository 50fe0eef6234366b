import type { AccountStatementRow } from '@backlay/contracts';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { useParams } from 'react-router';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { agentReportsKey, fetchAccountStatement } from './api.ts';

const COLUMNS: readonly Column<AccountStatementRow>[] = [
  { header: 'Date', text: (row) => formatDateTime(row.date) },
  { header: 'Remark', text: (row) => row.remark },
  { header: 'Kind', text: (row) => row.kind },
  { header: 'Amount', text: (row) => row.amount, align: 'right' },
  { header: 'Pts', text: (row) => row.pts, align: 'right' },
];

/** The chip statement of an agent or player of the downline: each movement with the balance after it. */
export default function StatementPage() {
  const id = useParams().id ?? '';
  const { query, rows, more } = useCursorPages({
    queryKey: [...agentReportsKey, 'statement', id],
    load: (cursor, signal) => fetchAccountStatement(id, cursor, signal),
  });
  return (
    <ListPage
      title="Chip statement"
      csv={{ name: `statement-${id}` }}
      error={query.error}
      label="Chip statement"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      loading={query.isPending}
      emptyText="No chips have moved yet."
      more={more}
    />
  );
}
