import { useId } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import type { useProtectionHistory } from '../api/get-protection-history.ts';
import { HISTORY_FAILED_TEXT, actionText, changeStandingText, type HistoryItem } from '../protection-text.ts';

const columns: Column<HistoryItem>[] = [
  { key: 'at', header: 'Date', cell: (item) => formatDateTime(item.at), testId: 'cell-date' },
  { key: 'action', header: 'Change', cell: (item) => actionText(item.action), testId: 'cell-action' },
  {
    key: 'before',
    header: 'Before',
    cell: (item) => changeStandingText(item.action, item.before),
    testId: 'cell-before',
  },
  {
    key: 'after',
    header: 'After',
    cell: (item) => changeStandingText(item.action, item.after),
    testId: 'cell-after',
  },
];

// The server sends no id: the time, the change and what it left tell the changes apart.
const rowKey = (item: HistoryItem) => `${item.at} ${item.action} ${JSON.stringify(item.after)}`;

type HistoryQuery = ReturnType<typeof useProtectionHistory>;

/** Every change to the player's breaks and limits, newest first, with what held before and after it. */
export function HistorySection({ query }: { query: HistoryQuery }) {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="protection-history">
      <h2 className="panel-head" id={titleId}>
        History
      </h2>
      {query.isError && !query.data ? (
        <LoadError
          text={HISTORY_FAILED_TEXT}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="panel-body"
          testId="history-error"
          retryTestId="history-retry"
        />
      ) : (
        <DataTable
          label="History of breaks, limits and self-exclusions"
          columns={columns}
          rows={query.data?.items ?? []}
          rowKey={rowKey}
          emptyText="No changes yet"
          loading={query.isPending}
          refreshing={query.isFetching && !query.isPending}
          testId="history-table"
          rowTestId="history-row"
        />
      )}
    </section>
  );
}
