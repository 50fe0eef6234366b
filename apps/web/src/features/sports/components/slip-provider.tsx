import { useCallback, useContext, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Bet, BetResponse } from '@backlay/contracts';
import { OPEN_BETS_QUERY_KEY } from '../api/get-open-bets.ts';
import { refusalText } from '../../../lib/betting/index.ts';
import { placedText, upsertOpenBet } from '../bets-view.ts';
import { SlipContext, SlipNoticeContext, type SlipSelection } from '../slip-context.ts';
import { BetSlip } from './bet-slip.tsx';

/**
 * Gives a page's price cells a bet slip. A placed bet goes straight into My Bet's list (the bet stream
 * confirms it) and its result is announced in the page's `SlipNotice`.
 */
export function SlipProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<SlipSelection | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const open = useCallback((next: SlipSelection) => setSelection(next), []);

  const placed = (response: BetResponse) => {
    queryClient.setQueryData<Bet[]>(OPEN_BETS_QUERY_KEY, (list) => upsertOpenBet(list, response.bet));
    const text = placedText(response.bet, selection?.runnerName ?? response.bet.runnerName ?? '');
    setNotice(response.notice ? `${text}. ${refusalText(response.notice, { product: 'exchange' })}` : text);
    setSelection(null);
  };

  return (
    <SlipContext value={open}>
      <SlipNoticeContext value={notice}>{children}</SlipNoticeContext>
      <BetSlip selection={selection} onClose={() => setSelection(null)} onPlaced={placed} />
    </SlipContext>
  );
}

/** The page's live region for placement results; always present so screen readers follow it. */
export function SlipNotice() {
  const notice = useContext(SlipNoticeContext);
  return (
    <p className="slip-notice" role="status" data-testid="bet-notice">
      {notice}
    </p>
  );
}
