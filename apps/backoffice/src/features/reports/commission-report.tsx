import type { CommissionRow } from '@backlay/contracts';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { fetchCommission, type ReportRange } from './api.ts';

const COLUMNS: readonly Column<CommissionRow>[] = [
  { header: 'Day', text: (row) => row.day },
  { header: 'Market', text: (row) => row.name },
  { header: 'Sport', text: (row) => row.sport },
  { header: 'Commission', text: (row) => row.commission, align: 'right' },
  { header: 'Charges', text: (row) => String(row.charges), align: 'right' },
];

export function CommissionReport({ range }: { range: ReportRange }) {
  const { query, rows, more } = useCursorPages({
    queryKey: ['commission', range],
    load: (cursor, signal) => fetchCommission(range, cursor, signal),
  });
  return (
    <ListPage
      title={`Commission ${query.data ? `· total ${query.data.pages[0]?.total ?? ''}` : ''}`}
      titleId="commission-title"
      csv={{ name: `commission-${range.from}-${range.to}` }}
      error={query.error}
      label="Commission"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => `${row.day}:${row.key}`}
      loading={query.isPending}
      emptyText="No commission in this period."
      more={more}
    />
  );
}
