import type { Positions } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { negateMoney } from '@backlay/front-kit/money';
import { Link } from 'react-router';
import { CsvButton } from '../../components/csv-button.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { ErrorNote } from '../../components/notice.tsx';
import { paths } from '../../paths.ts';
import { fetchPositions } from './api.ts';

type Runner = Positions['runners'][number];
type PlayerRow = Positions['players'][number];

const RUNNER_COLUMNS: readonly Column<Runner>[] = [
  { header: 'Runner', text: (runner) => runner.name },
  { header: 'Players if it wins', text: (runner) => runner.ifWins, numeric: true },
  { header: 'House if it wins', text: (runner) => negateMoney(runner.ifWins), numeric: true },
];

const playerColumns = (runners: readonly Runner[]): Column<PlayerRow>[] => [
  {
    header: 'Player',
    text: (row) => row.email ?? row.playerId,
    render: (row) => <Link to={paths.player(row.playerId)}>{row.email ?? row.playerId}</Link>,
  },
  ...runners.map((runner) => ({
    header: runner.name,
    text: (row: PlayerRow) => row.ifWins[runner.id] ?? '0.00',
    numeric: true,
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
        empty={query.isPending ? 'Loading…' : 'A line market has no runners to win.'}
      />
      <DataTable
        label="Position by player"
        columns={columns}
        rows={players}
        rowKey={(row) => row.playerId}
        empty={query.isPending ? 'Loading…' : 'No matched bets on this market.'}
      />
    </section>
  );
}
