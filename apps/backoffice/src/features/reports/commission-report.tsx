import type { CommissionRow } from '@backlay/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { LoadMore } from '@backlay/front-kit/load-more';
import { ErrorNote } from '../../components/notice.tsx';
import { fetchCommission, type ReportRange } from './api.ts';

const COLUMNS: readonly Column<CommissionRow>[] = [
  { header: 'Day', text: (row) => row.day },
  { header: 'Market', text: (row) => row.name },
  { header: 'Sport', text: (row) => row.sport },
  { header: 'Commission', text: (row) => row.commission, align: 'right' },
  { header: 'Charges', text: (row) => String(row.charges), align: 'right' },
];

export function CommissionReport({ range }: { range: ReportRange }) {
  const query = useInfiniteQuery({
    queryKey: ['commission', range],
    queryFn: ({ pageParam, signal }) => fetchCommission(range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-labelledby="commission-title">
      <div className="page-head">
        <h2 id="commission-title" className="section-title">
          Commission {query.data ? `· total ${query.data.pages[0]?.total ?? ''}` : ''}
        </h2>
        <CsvButton name={`commission-${range.from}-${range.to}`} columns={COLUMNS} rows={rows} />
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label="Commission"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => `${row.day}:${row.key}`}
        loading={query.isPending}
        emptyText="No commission in this period."
      />
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </section>
  );
}
