import type { CrashPublicBet } from '@backlay/contracts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { formatMoney } from '@backlay/front-kit/money';
import { formatMultiplier } from '../crash-curve.ts';

type Row = CrashPublicBet & { key: number };

const columns: Column<Row>[] = [
  { key: 'player', header: 'Player', cell: (bet) => bet.player },
  { key: 'stake', header: 'Stake', cell: (bet) => formatMoney(bet.stake), align: 'right' },
  {
    key: 'at',
    header: 'Cash out',
    cell: (bet) => (bet.cashedOutAt === null ? '—' : formatMultiplier(bet.cashedOutAt)),
    align: 'right',
  },
  {
    key: 'win',
    header: 'Win',
    cell: (bet) => (bet.payout === null ? '—' : formatMoney(bet.payout)),
    align: 'right',
  },
];

/** Everyone's bets of the round and their cash-outs as they happen. */
export function CrashPlayers({
  bets,
  total,
  totalStake,
}: {
  bets: readonly CrashPublicBet[];
  total: number;
  totalStake: string;
}) {
  return (
    <section className="panel" aria-labelledby="crash-players-title">
      <div className="panel-head">
        <h2 id="crash-players-title" className="panel-title">
          All bets
        </h2>
        <span className="note" data-testid="crash-stats">
          {total} bets · {formatMoney(totalStake)}
        </span>
      </div>
      <DataTable
        label="All bets of the round"
        columns={columns}
        rows={bets.map((bet, key) => ({ ...bet, key }))}
        rowKey={(bet) => String(bet.key)}
        emptyText="No bets in this round yet"
        testId="crash-players"
        rowTestId="crash-player"
      />
    </section>
  );
}
