import type { StatementRow } from '@backlay/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { LoadMore } from '@backlay/front-kit/load-more';
import { ErrorNote } from '../../components/notice.tsx';
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
  const query = useInfiniteQuery({
    queryKey: [...playersKey, 'statement', playerId],
    queryFn: ({ pageParam, signal }) => fetchStatement(playerId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-labelledby="statement-title">
      <div className="page-head">
        <h2 id="statement-title" className="section-title">
          Statement
        </h2>
        <CsvButton name={`statement-${playerId}`} columns={COLUMNS} rows={rows} />
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label="Statement"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        loading={query.isPending}
        emptyText="No money has moved yet."
      />
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </section>
  );
}
