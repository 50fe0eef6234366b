import { useId, useState } from 'react';
import type { BetResponse, Market } from '@backlay/contracts';
import { checkStake, slipOutcome, stakeProblemText } from '../../../lib/betting/index.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { useStakePresets } from '../../../lib/use-stake-presets.ts';
import { marketTypeLabel } from '../../../lib/market-labels.ts';
import { isHousePriced } from '../market-view.ts';
import { oddsFromFair, oddsText, stepOdds, tickOfOdds } from '../odds.ts';
import type { SlipSelection } from '../slip-context.ts';
import { usePlaceBet } from './use-place-bet.ts';

/** The odds a slip opens with: the clicked price, else the best on that side, else the fair price. */
function startingOdds(selection: SlipSelection, market: Market | null): string {
  if (selection.price !== null) return oddsText(selection.price);
  const runner = market?.runners.find((r) => r.id === selection.runnerId);
  const best = selection.side === 'BACK' ? runner?.back[0] : runner?.lay[0];
  if (best) return oddsText(best.price);
  return oddsFromFair(runner?.fairPpm ?? null) ?? '';
}

interface BetSlipFormProps {
  selection: SlipSelection;
  market: Market | null;
  onCancel: () => void;
  onPlaced: (response: BetResponse) => void;
}

/** Runner, market, odds on the ladder, stake with presets, profit or liability, Place Bet / Cancel. */
export function BetSlipForm({ selection, market, onCancel, onPlaced }: BetSlipFormProps) {
  const house = isHousePriced(selection.marketType);
  const [odds, setOdds] = useState(() => startingOdds(selection, market));
  const [stake, setStake] = useState('');
  const [persist, setPersist] = useState(false);
  const presets = useStakePresets('game');
  const limits = { minStake: market?.minStake ?? null, maxStake: market?.maxStake ?? null };
  const placing = usePlaceBet(limits, onPlaced);
  const shownOdds = odds === '' && market ? startingOdds(selection, market) : odds;
  const stakeCheck = checkStake(stake, limits.minStake, limits.maxStake);
  const outcome = stakeCheck.ok ? slipOutcome(selection.side, stakeCheck.stakeMinor, shownOdds) : null;
  const suspended = market !== null && market.status !== 'OPEN';
  const delaySec = market?.betDelaySec ?? 0;
  const sideWord = selection.side === 'BACK' ? 'Back' : 'Lay';
  const oddsId = useId();

  const submit = () => {
    if (!stakeCheck.ok) return placing.setError(stakeProblemText(stakeCheck.reason, limits));
    if (!house && tickOfOdds(shownOdds) === null) {
      return placing.setError('These odds are not on the price ladder. Use − and + to pick valid odds.');
    }
    void placing.submit({
      marketId: selection.marketId,
      runnerId: selection.runnerId,
      side: selection.side,
      price: Number(shownOdds),
      stake: stake.trim(),
      ...(house ? {} : { persistence: persist ? ('PERSIST' as const) : ('LAPSE' as const) }),
    });
  };

  return (
    <form
      className={`slip slip-${selection.side.toLowerCase()}`}
      onSubmit={(event) => (event.preventDefault(), submit())}
      data-testid="bet-slip-form"
    >
      <dl className="slip-facts">
        <dt>Match</dt>
        <dd>{selection.eventName}</dd>
        <dt>Market</dt>
        <dd data-testid="slip-market">{selection.marketName || marketTypeLabel(selection.marketType)}</dd>
        <dt>{sideWord}</dt>
        <dd data-testid="slip-runner">{selection.runnerName}</dd>
      </dl>
      <div className="slip-fields">
        <div className="field">
          <label className="field-label" htmlFor={oddsId}>
            Odds
          </label>
          <span className="stepper">
            {!house && (
              <button
                type="button"
                className="btn btn-ghost"
                aria-label="Lower odds"
                onClick={() => setOdds(stepOdds(shownOdds, -1))}
                data-testid="odds-down"
              >
                −
              </button>
            )}
            <input
              id={oddsId}
              className="input"
              inputMode="decimal"
              value={shownOdds}
              readOnly={house}
              onChange={(e) => setOdds(e.target.value)}
              data-testid="slip-odds"
            />
            {!house && (
              <button
                type="button"
                className="btn btn-ghost"
                aria-label="Higher odds"
                onClick={() => setOdds(stepOdds(shownOdds, 1))}
                data-testid="odds-up"
              >
                +
              </button>
            )}
          </span>
        </div>
        <label className="field">
          <span className="field-label">Stake</span>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={stake}
            onChange={(e) => setStake(e.target.value)}
            data-testid="slip-stake"
          />
        </label>
      </div>
      <div className="quick-stakes" role="group" aria-label="Quick stakes">
        {presets.map((preset, index) => (
          <button
            key={index}
            type="button"
            className="btn btn-ghost"
            onClick={() => setStake(String(preset.value))}
            data-testid="quick-stake"
          >
            {preset.label}
          </button>
        ))}
      </div>
      {limits.minStake && limits.maxStake && (
        <p className="note slip-limits">
          Min {formatMoney(limits.minStake)} · Max {formatMoney(limits.maxStake)}
        </p>
      )}
      {!house && (
        <label className="slip-check">
          <input type="checkbox" checked={persist} onChange={(e) => setPersist(e.target.checked)} />
          Keep the unmatched part when the match goes in play
        </label>
      )}
      <dl className="slip-outcome" aria-live="polite">
        <dt>Profit</dt>
        <dd data-testid="slip-profit">{outcome ? formatMoney(outcome.profit) : '—'}</dd>
        <dt>Liability</dt>
        <dd data-testid="slip-liability">{outcome ? formatMoney(outcome.liability) : '—'}</dd>
      </dl>
      {placing.sending && delaySec > 0 && (
        <p className="note" data-testid="slip-delay">
          In play, bets are accepted after a {delaySec}-second delay.
        </p>
      )}
      {suspended && (
        <p className="error-text">This market is suspended; bets are taken again when it reopens.</p>
      )}
      {placing.error && (
        <p className="error-text" role="alert" data-testid="slip-error">
          {placing.error}
        </p>
      )}
      <div className="slip-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel} data-testid="slip-cancel">
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={placing.sending || suspended}
          data-testid="slip-place"
        >
          {placing.sending ? 'Placing…' : 'Place Bet'}
        </button>
      </div>
    </form>
  );
}
