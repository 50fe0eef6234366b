import type { TableBet } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { roundStatusText, type LiveTable } from '../live-table-state.ts';
import { summarizeRound, summaryText } from '../round-summary.ts';
import { countdownSeconds, msUntil } from '../server-clock.ts';
import { DealtHands } from './card-view.tsx';

/** The round now: its number, phase, the countdown to closesAt, the cards and the result. */
export function RoundStage({
  live,
  nowMs,
  bets,
}: {
  live: LiveTable;
  nowMs: number;
  bets: readonly TableBet[];
}) {
  const round = live.round;
  const seconds =
    round?.status === 'BETTING' ? countdownSeconds(msUntil(round.closesAt, nowMs, live.offsetMs)) : null;
  const settled = round?.status === 'SETTLED' ? summaryText(summarizeRound(bets), formatMoney) : null;
  return (
    <div className="stage" data-testid="stage" data-status={round?.status ?? 'NONE'} data-round={round?.id}>
      <div className="stage-head">
        <span className="note">{round ? `Round ${round.id}` : ''}</span>
        <p className="stage-status" role="status" data-testid="round-status">
          {roundStatusText(round)}
        </p>
        {seconds !== null && (
          <span className="timer" role="timer" aria-label={`${seconds} seconds to bet`} data-testid="timer">
            {seconds}
          </span>
        )}
      </div>
      {round && <DealtHands hands={round.cards} />}
      {round?.result && (
        <div className="stage-result" role="status" data-testid="round-result">
          Winner: <strong>{round.result.winner}</strong>
          {settled && <span data-testid="round-take"> · {settled}</span>}
        </div>
      )}
    </div>
  );
}
