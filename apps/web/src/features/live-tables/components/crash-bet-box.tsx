import { useId, useState } from 'react';
import type { CrashBet, CrashRound } from '@backlay/contracts';
import { formatMoney } from '@backlay/front-kit/money';
import { formatMultiplier } from '../crash-curve.ts';
import { betButton, crashBetView } from '../crash-state.ts';
import { minorToDecimal, moneyMinorOf, sanitizeStakeText } from '../../../lib/betting/index.ts';
import { useCrashBet } from './use-crash-bet.ts';

interface CrashBetBoxProps {
  index: number;
  round: CrashRound | null;
  /** The operator holds the game: no new bet; a bet in the air still cashes out. */
  paused: boolean;
  multiplier: number;
  /** The player's bets of the round as the server last listed them. */
  myBets: readonly CrashBet[];
  quickStakes: readonly { label: string; value: number }[];
  /** A bet of this round the server holds that no box placed (the page was reloaded). */
  adopted: CrashBet | null;
  /** Tells the page which bet this box placed or cashed out. */
  onOwn: (betId: string) => void;
  onChange: () => void;
}

const payoutAt = (stake: string, multiplier: number) =>
  minorToDecimal((moneyMinorOf(stake) * BigInt(Math.round(multiplier * 100))) / 100n);

/** One of the two bets a player may have in a round: stake, auto cash-out, Bet, then Cash out. */
export function CrashBetBox(props: CrashBetBoxProps) {
  const { index, round, paused, multiplier, myBets, quickStakes, adopted, onOwn, onChange } = props;
  const id = useId();
  const [stake, setStake] = useState('100');
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState('2.00');
  const { placed, notice, sending, place, cashOut } = useCrashBet(index, round, onOwn, onChange);

  const own = placed && round && placed.roundId === round.id ? placed : adopted;
  const current = own && (myBets.find((bet) => bet.id === own.id && bet.status !== 'OPEN') ?? own);
  const view = current ? crashBetView(current, round, multiplier) : null;

  const canCashOut = view?.state === 'RIDING' && !sending;
  const betting = betButton(round, paused);
  // Nothing to fill in while no bet can be placed; a bet already placed shows what it holds.
  const locked = current !== null || paused;
  return (
    <section className="panel crash-box" aria-labelledby={`${id}-title`} data-testid="crash-box">
      <div className="panel-head">
        <h2 id={`${id}-title`} className="panel-title">
          Bet {index}
        </h2>
      </div>
      <div className="panel-body bet-form">
        <label className="field">
          <span className="field-label">Stake</span>
          <input
            className="input"
            inputMode="decimal"
            value={current ? current.stake : stake}
            onChange={(e) => setStake(sanitizeStakeText(e.target.value))}
            disabled={locked}
            data-testid="crash-stake"
          />
        </label>
        <div className="quick-stakes" role="group" aria-label={`Quick stakes for bet ${index}`}>
          {quickStakes.map((preset, i) => (
            <button
              key={`${preset.value}-${i}`}
              type="button"
              className="btn btn-ghost"
              disabled={locked}
              onClick={() => setStake(String(preset.value))}
            >
              {preset.label}
            </button>
          ))}
        </div>
        <div className="crash-auto">
          <label className="inline-field">
            <input
              type="checkbox"
              checked={current ? current.autoCashOut !== null : autoOn}
              onChange={(e) => setAutoOn(e.target.checked)}
              disabled={locked}
              data-testid="crash-auto-toggle"
            />
            <span>Auto cash-out at</span>
          </label>
          <input
            className="input"
            inputMode="decimal"
            aria-label={`Auto cash-out multiplier for bet ${index}`}
            value={current?.autoCashOut != null ? current.autoCashOut.toFixed(2) : autoText}
            onChange={(e) => setAutoText(e.target.value.replace(/[^\d.]/g, ''))}
            disabled={!autoOn || locked}
            data-testid="crash-auto"
          />
        </div>
        {current === null || view?.state === 'WAITING' ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={current !== null || sending || !betting.open}
            onClick={() => void place(stake, autoOn, autoText)}
            data-testid="crash-bet"
          >
            {current ? 'Waiting for take-off' : betting.text}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!canCashOut}
            onClick={() => current && void cashOut(current.id)}
            data-testid="crash-cash-out"
          >
            {view?.state === 'RIDING'
              ? `Cash out ${formatMoney(payoutAt(current.stake, multiplier))}`
              : 'Cash out'}
          </button>
        )}
        <p
          className="slip-notice"
          data-testid="crash-bet-state"
          data-state={view?.state ?? 'NONE'}
          data-confirmed={current !== null && current.status !== 'OPEN'}
        >
          {view?.state === 'CASHED' &&
            `Cashed out at ${formatMultiplier(view.multiplier)}${view.confirmed ? '' : ' (auto)'}`}
          {view?.state === 'LOST' && 'Lost: the plane flew away first'}
          {view?.state === 'VOID' && 'Round stopped: stake refunded'}
        </p>
        <p
          role="status"
          className={notice?.kind === 'error' ? 'slip-notice slip-error' : 'slip-notice'}
          data-testid="crash-message"
        >
          {notice?.text}
        </p>
      </div>
    </section>
  );
}
