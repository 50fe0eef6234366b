import type { RoundView } from '../lib/api.ts';
import { formatMoney } from '../lib/money.ts';

/** The round's result in words, announced to screen readers as it changes. */
export function ResultBanner({ round, currency }: { round: RoundView | null; currency: string }) {
  let text = 'Place a bet to play.';
  let tone = 'neutral';
  if (round?.status === 'open') {
    const cashable = Number(round.multiplier) > 0;
    text = cashable ? `Cash out now for ${round.multiplier}x` : 'Round in play: make your move.';
    tone = 'open';
  } else if (round) {
    const won = round.payout !== '0.00';
    const profit = Number(round.multiplier) >= 1;
    text = !won
      ? 'No win this round.'
      : `${profit ? 'You won' : 'Returned'} ${formatMoney(round.payout)} ${currency} (${round.multiplier}x)`;
    tone = won && profit ? 'win' : 'loss';
  }
  return (
    <p
      className={`result result-${tone}`}
      role="status"
      aria-live="polite"
      key={round ? `${round.id}-${round.status}` : 'none'}
    >
      {text}
    </p>
  );
}
