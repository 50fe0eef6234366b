import type { TableBet } from '@backlay/contracts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { formatMoney } from '@backlay/front-kit/money';

const STATUS_TEXT: Record<TableBet['status'], string> = {
  OPEN: 'Open',
  WON: 'Won',
  LOST: 'Lost',
  PUSH: 'Returned',
  VOID: 'Void',
};

const columnsFor = (labels?: Readonly<Record<string, string>>): Column<TableBet>[] => [
  {
    key: 'bet',
    header: 'Matched Bet',
    cell: (bet) => labels?.[bet.marketId] ?? bet.marketName,
    testId: 'bet-market',
  },
  { key: 'odds', header: 'Odds', cell: (bet) => bet.odds.toFixed(2), align: 'right' },
  {
    key: 'stake',
    header: 'Stake',
    cell: (bet) => formatMoney(bet.stake),
    align: 'right',
    testId: 'bet-stake',
  },
  {
    key: 'result',
    header: 'Result',
    cell: (bet) =>
      bet.payout === null ? STATUS_TEXT[bet.status] : `${STATUS_TEXT[bet.status]} ${formatMoney(bet.payout)}`,
    testId: 'bet-result',
  },
];

/** The player's bets of the current round, with what each paid once settled. */
interface RoundBetsProps {
  bets: readonly TableBet[];
  title: string;
  loading: boolean;
  labels?: Readonly<Record<string, string>>;
}

export function RoundBets({ bets, title, loading, labels }: RoundBetsProps) {
  return (
    <section className="panel" aria-labelledby="round-bets-title">
      <div className="panel-head">
        <h2 id="round-bets-title" className="panel-title">
          {title}
        </h2>
      </div>
      <DataTable
        label={title}
        columns={columnsFor(labels)}
        rows={[...bets]}
        rowKey={(bet) => bet.id}
        emptyText="No bets in this round"
        loading={loading}
        testId="round-bets"
        rowTestId="round-bet"
      />
    </section>
  );
}
