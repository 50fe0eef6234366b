import { useCursorPages, type CursorPage } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';

interface CasinoListProps<Row> {
  name: string;
  label: string;
  player: string | undefined;
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string;
  load: (player: string | undefined, cursor: string | null, signal?: AbortSignal) => Promise<CursorPage<Row>>;
}

/** One of the casino's cursor-paged lists, newest first. */
export function CasinoList<Row>({ name, label, player, columns, rowKey, load }: CasinoListProps<Row>) {
  const { query, rows, more } = useCursorPages({
    queryKey: ['casino', name, player],
    load: (cursor, signal) => load(player, cursor, signal),
  });
  return (
    <ListPage
      title={label}
      titleId={`casino-${name}-title`}
      csv={{ name: `casino-${name}` }}
      error={query.error}
      label={label}
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      loading={query.isPending}
      emptyText="Nothing recorded."
      more={more}
    />
  );
}
