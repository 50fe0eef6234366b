import { useEffect, useRef } from 'react';
import type { BetResponse } from '@backlay/contracts';
import { SessionBar } from '../../../components/session-bar/session-bar.tsx';
import { useMarket } from '../api/get-market.ts';
import { newerMarket } from '../market-view.ts';
import type { SlipSelection } from '../slip-context.ts';
import { BetSlipForm } from './bet-slip-form.tsx';
import { useStreamedMarket } from './use-live-market.ts';
import '../bet-slip.css';

interface BetSlipProps {
  selection: SlipSelection | null;
  onClose: () => void;
  onPlaced: (response: BetResponse) => void;
}

/**
 * The bet slip is a modal dialog (`showModal`: the page behind is inert, Escape closes it and focus
 * returns to the price that opened it); on a phone it is a bottom sheet (bet-slip.css). Its market's
 * limits and status follow the stream while it is open.
 */
export function BetSlip({ selection, onClose, onPlaced }: BetSlipProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const marketId = selection?.marketId ?? null;
  const fetched = useMarket(marketId).data;
  const streamed = useStreamedMarket(marketId);
  const current = fetched?.id === marketId ? fetched : null;
  const market = current ? newerMarket(current, streamed) : streamed;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (selection && !element.open) element.showModal();
    if (!selection && element.open) element.close();
  }, [selection]);

  return (
    <dialog
      ref={dialog}
      className={`bet-slip bet-slip-${selection?.side === 'LAY' ? 'lay' : 'back'}`}
      aria-labelledby="bet-slip-title"
      onClose={onClose}
      data-testid="bet-slip"
    >
      <div className="bet-slip-head">
        <h2 id="bet-slip-title">Bet slip</h2>
        <button type="button" className="icon-close" aria-label="Close bet slip" onClick={onClose}>
          ×
        </button>
      </div>
      {selection && <SessionBar className="bet-slip-session" />}
      {selection && (
        <BetSlipForm
          key={`${selection.marketId}|${selection.runnerId}|${selection.side}|${selection.price}`}
          selection={selection}
          market={market}
          onCancel={onClose}
          onPlaced={onPlaced}
        />
      )}
    </dialog>
  );
}
