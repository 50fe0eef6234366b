import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable } from '@backlay/front-kit/data-table';
import { LoadMore } from '@backlay/front-kit/load-more';
import { ErrorNote } from '../../components/notice.tsx';
import { BET_COLUMNS } from '../../shared/bet-columns.tsx';
import { useBets } from '../../shared/use-bets.ts';

export function PlayerBets({ playerId }: { playerId: string }) {
  const { query, rows } = useBets({ player: playerId }, false);
  return (
    <section className="stack" aria-labelledby="player-bets-title">
      <div className="page-head">
        <h2 id="player-bets-title" className="section-title">
          Bets
        </h2>
        <CsvButton name={`bets-${playerId}`} columns={BET_COLUMNS} rows={rows} />
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label="The player's bets"
        columns={BET_COLUMNS}
        rows={rows}
        rowKey={(bet) => `${bet.product}:${bet.id}`}
        loading={query.isPending}
        emptyText="No bets yet."
      />
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoad={() => void query.fetchNextPage()}
      />
    </section>
  );
}
