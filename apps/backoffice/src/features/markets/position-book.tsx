import type { Positions } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { negateMoney } from '@backlay/front-kit/minor-units';
import { CsvButton } from '@backlay/front-kit/csv-button';
import { DataTable, type Column } from '@backlay/front-kit/data-table';
import { ErrorNote } from '../../components/notice.tsx';
import { paths } from '../../paths.ts';
import { fetchPositions } from './api.ts';

type Runner = Positions['runners'][number];
type PlayerRow = Positions['players'][number];

const RUNNER_COLUMNS: readonly Column<Runner>[] = [
  { header: 'Runner', text: (runner) => runner.name },
  { header: 'Players if it wins', text: (runner) => runner.ifWins, align: 'right' },
  { header: 'House if it wins', text: (runner) => negateMoney(runner.ifWins), align: 'right' },
];

const playerColumns = (runners: readonly Runner[]): Column<PlayerRow>[] => [
  {
    header: 'Player',
    text: (row) => row.email ?? row.playerId,
    cell: (row) => <Link to={paths.player(row.playerId)}>{row.email ?? row.playerId}</Link>,
  },
  ...runners.map((runner): Column<PlayerRow> => ({
    header: runner.name,
    key: runner.id,
    text: (row) => row.ifWins[runner.id] ?? '0.00',
    align: 'right',
  })),
];

/** What the market's matched bets pay if each runner wins: for the players, the house, and per player. */
export function PositionBook({ marketId }: { marketId: string }) {
  const query = useQuery({
    queryKey: ['positions', marketId],
    queryFn: ({ signal }) => fetchPositions(marketId, signal),
    refetchInterval: 5_000,
  });
  const runners = query.data?.runners ?? [];
  const players = query.data?.players ?? [];
  const columns = playerColumns(runners);
  return (
    <section className="stack" aria-labelledby="book-title">
      <div className="page-head">
        <h2 id="book-title" className="section-title">
          Position book
        </h2>
        <CsvButton name={`positions-${marketId}`} columns={columns} rows={players} />
      </div>
      <ErrorNote error={query.error} />
      <DataTable
        label="Position by runner"
        columns={RUNNER_COLUMNS}
        rows={runners}
        rowKey={(runner) => runner.id}
        loading={query.isPending}
        emptyText="A line market has no runners to win."
      />
      <DataTable
        label="Position by player"
        columns={columns}
        rows={players}
        rowKey={(row) => row.playerId}
        loading={query.isPending}
        emptyText="No matched bets on this market."
      />
    </section>
  );
}
