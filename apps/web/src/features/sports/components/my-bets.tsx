import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Bet, Market } from '@backlay/contracts';
import { DataTable, type Column } from '../../../components/table/data-table.tsx';
import { formatMoney } from '@backlay/front-kit/money';
import { cancelBet } from '../api/cancel-bet.ts';
import { OPEN_BETS_QUERY_KEY } from '../api/get-open-bets.ts';
import { refusalText } from '../../../lib/betting/index.ts';
import { betsOfEvent, hasMatched, hasUnmatched, marketsWithMatched, upsertOpenBet } from '../bets-view.ts';
import { cellPrice } from '../odds.ts';
import { CashOutButton } from './cash-out-button.tsx';
import { useLiveOpenBets } from './use-live-bets.ts';

function selectionOf(bet: Bet, markets: readonly Market[]): string {
  const market = markets.find((m) => m.id === bet.marketId);
  const runner = bet.runnerName ?? market?.runners.find((r) => r.id === bet.runnerId)?.name ?? bet.runnerId;
  const marketName = bet.marketName ?? market?.name ?? '';
  return `${bet.side === 'BACK' ? 'Back' : 'Lay'} ${runner}${marketName ? ` · ${marketName}` : ''}`;
}

/** My Bet: the player's matched and unmatched bets on this match, cancel and cash out, kept live. */
export function MyBets({ eventId, markets }: { eventId: string; markets: readonly Market[] }) {
  const queryClient = useQueryClient();
  const bets = useLiveOpenBets();
  const [message, setMessage] = useState<string | null>(null);
  const mine = betsOfEvent(bets.data ?? [], eventId);

  const cancel = async (bet: Bet) => {
    const result = await cancelBet(bet.id);
    if (!result.ok) return setMessage(refusalText(result, { product: 'exchange' }));
    queryClient.setQueryData<Bet[]>(OPEN_BETS_QUERY_KEY, (list) => upsertOpenBet(list, result.value.bet));
    setMessage(`Cancelled ${formatMoney(bet.unmatched)} unmatched.`);
  };

  const matchedColumns: Column<Bet>[] = [
    { key: 'bet', header: 'Matched Bet', cell: (bet) => selectionOf(bet, markets) },
    { key: 'odds', header: 'Odds', cell: (bet) => cellPrice(bet.avgPrice ?? bet.price), align: 'right' },
    { key: 'stake', header: 'Stake', cell: (bet) => formatMoney(bet.matched), align: 'right' },
  ];
  const unmatchedColumns: Column<Bet>[] = [
    {
      key: 'bet',
      header: 'Unmatched Bet',
      // Cancel sits under the selection: the side panel has no room for a fourth column.
      cell: (bet) => (
        <>
          <span className="bet-name">{selectionOf(bet, markets)}</span>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => void cancel(bet)}
            data-testid="cancel-bet"
          >
            Cancel<span className="visually-hidden"> {selectionOf(bet, markets)}</span>
          </button>
        </>
      ),
    },
    { key: 'odds', header: 'Odds', cell: (bet) => cellPrice(bet.price), align: 'right' },
    { key: 'stake', header: 'Stake', cell: (bet) => formatMoney(bet.unmatched), align: 'right' },
  ];
  const empty = bets.isError ? 'Your bets could not be loaded.' : 'No bets on this match';
  const loading = bets.isPending;

  return (
    <section className="panel my-bets" aria-labelledby="my-bets-title" data-testid="my-bets">
      <h2 className="panel-head" id="my-bets-title">
        My Bet
      </h2>
      <DataTable
        label="Matched bets"
        columns={matchedColumns}
        rows={mine.filter(hasMatched)}
        rowKey={(b) => `m${b.id}`}
        emptyText={empty}
        loading={loading}
        testId="matched-bets"
        rowTestId="matched-bet"
      />
      <DataTable
        label="Unmatched bets"
        columns={unmatchedColumns}
        rows={mine.filter(hasUnmatched)}
        rowKey={(b) => `u${b.id}`}
        emptyText={loading ? empty : 'No unmatched bets'}
        loading={loading}
        testId="unmatched-bets"
        rowTestId="unmatched-bet"
      />
      {marketsWithMatched(mine).map((marketId) => (
        <CashOutButton
          key={marketId}
          marketId={marketId}
          marketName={markets.find((m) => m.id === marketId)?.name ?? ''}
        />
      ))}
      {message && (
        <p className="note my-bets-note" role="status">
          {message}
        </p>
      )}
    </section>
  );
}
