import { useInfiniteQuery } from '@tanstack/react-query';
import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { LoadMore } from '@backlay/front-kit/load-more';
import { ErrorNote } from '../../components/notice.tsx';

type Page<Row> = { items: Row[]; next: string | null };

interface CasinoListProps<Row> {
  name: string;
  label: string;
  player: string | undefined;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  load: (player: string | undefined, cursor: string | null, signal?: AbortSignal) => Promise<Page<Row>>;
}

/** One of the casino's cursor-paged lists, newest first. */
export function CasinoList<Row>({ name, label, player, columns, rowKey, load }: CasinoListProps<Row>) {
  const query = useInfiniteQuery({
    queryKey: ['casino', name, player],
    queryFn: ({ pageParam, signal }) => load(player, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="stack" aria-label={label}>
      <div className="page-head">
        <h2 className="section-title">{label}</h2>
        <CsvButton name={`casino-${name}`} columns={columns} rows={rows} />
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        loading={query.isPending}
        emptyText="Nothing recorded."
      />
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </section>
  );
}
