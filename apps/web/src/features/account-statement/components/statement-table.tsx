import type { StatementRow } from '@backlay/contracts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { NO_AMOUNT_TEXT, amountCellText } from '../statement-format.ts';

function Amount({ money }: { money: string }) {
  const text = amountCellText(money);
  return <span className={text === NO_AMOUNT_TEXT ? 'cell-muted' : undefined}>{text}</span>;
}

const columns: Column<StatementRow>[] = [
  {
    key: 'date',
    header: 'Date',
    testId: 'cell-date',
    cell: (row) => (
      <time className="cell-nowrap" dateTime={row.date}>
        {formatDateTime(row.date)}
      </time>
    ),
  },
  { key: 'sr', header: 'Sr no', testId: 'cell-sr', cell: (row) => row.srNo, align: 'right' },
  {
    key: 'credit',
    header: 'Credit',
    testId: 'cell-credit',
    cell: (row) => <Amount money={row.credit} />,
    align: 'right',
  },
  {
    key: 'debit',
    header: 'Debit',
    testId: 'cell-debit',
    cell: (row) => <Amount money={row.debit} />,
    align: 'right',
  },
  { key: 'pts', header: 'Pts', testId: 'cell-pts', cell: (row) => formatMoney(row.pts), align: 'right' },
  {
    key: 'remark',
    header: 'Remark',
    testId: 'cell-remark',
    className: 'cell-wide',
    cell: (row) => row.remark,
  },
];

interface StatementTableProps {
  rows: StatementRow[];
  loading: boolean;
  refreshing: boolean;
}

export function StatementTable({ rows, loading, refreshing }: StatementTableProps) {
  return (
    <DataTable
      label="Account statement"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      emptyText="No records found"
      loading={loading}
      refreshing={refreshing}
      testId="statement-table"
      rowTestId="statement-row"
    />
  );
}
