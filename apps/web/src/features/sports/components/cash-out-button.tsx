import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Bet } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { OPEN_BETS_QUERY_KEY } from '../api/get-open-bets.ts';
import { cashOut, useCashOutQuote } from '../api/cash-out.ts';
import { refusalText } from '../../../lib/betting/index.ts';
import { upsertOpenBet } from '../bets-view.ts';
import { useStreamedMarket } from './use-live-market.ts';

/**
 * Cash out of one market at its live value: the quote is asked again whenever the market changes
 * (its version moves), and the button shows the profit it would lock in on every outcome.
 */
export function CashOutButton({ marketId, marketName }: { marketId: string; marketName: string }) {
  const queryClient = useQueryClient();
  const version = useStreamedMarket(marketId)?.version ?? 0;
  const quote = useCashOutQuote(marketId, version, true);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const available = quote.data?.available === true && quote.data.profit !== null;

  const run = async () => {
    setSending(true);
    const result = await cashOut(marketId);
    setSending(false);
    if (!result.ok) return setMessage(refusalText(result, { product: 'exchange' }));
    queryClient.setQueryData<Bet[]>(OPEN_BETS_QUERY_KEY, (list) => upsertOpenBet(list, result.value.bet));
    setMessage(
      `Cashed out: ${formatMoney(result.value.profitIfWin)} if it wins, ${formatMoney(result.value.profitIfLose)} if it loses.`,
    );
  };

  return (
    <div className="cash-out" data-testid="cash-out" data-market-id={marketId}>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!available || sending}
        onClick={() => void run()}
        data-testid="cash-out-button"
      >
        {available ? `Cash out ${formatMoney(quote.data?.profit ?? '0.00')}` : 'Cash out unavailable'}
        <span className="visually-hidden"> on {marketName}</span>
      </button>
      {message && (
        <p className="note" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
