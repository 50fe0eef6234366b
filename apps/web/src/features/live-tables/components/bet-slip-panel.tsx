import { useState } from 'react';
import { Link } from 'react-router';
import type { StakeButton, TableMarket } from '@backlay/contracts';
import { paths } from '../../../paths.ts';
import { sanitizeStakeText, slipOutcome, stakeMinorOf } from '../../../lib/betting/index.ts';
import { formatMoney } from '@backlay/front-kit/money';
import { FALLBACK_QUICK_STAKES } from '../../../lib/stake-presets.ts';
import { useStakePresets } from '../../../lib/use-stake-presets.ts';
import { useTableBet } from './use-table-bet.ts';

interface BetSlipPanelProps {
  tableId: string;
  roundId: number | null;
  market: TableMarket | null;
  bettingOpen: boolean;
  /** The operator holds the table: no bet can be sent until it reopens (the page says why). */
  paused?: boolean;
  /** Ball-by-ball shows the spec's fixed quick stakes before the player's own. */
  fixedQuickStakes?: boolean;
  /** Spec names per market id where the table's differ. */
  labels?: Readonly<Record<string, string>>;
}

export const SLIP_STAKE_ID = 'slip-stake';

/** The spec's quick stakes, then the player's Casino Buttons that are not among them. */
export function quickStakeList(saved: readonly StakeButton[], fixed: boolean): readonly StakeButton[] {
  if (!fixed) return saved;
  const values = new Set(FALLBACK_QUICK_STAKES.map((button) => button.value));
  return [...FALLBACK_QUICK_STAKES, ...saved.filter((button) => !values.has(button.value))];
}

/** My Bet: bet for, odds (read-only), stake with quick stakes, profit; Edit, Reset and Submit. */
export function BetSlipPanel(props: BetSlipPanelProps) {
  const { tableId, roundId, market, bettingOpen, paused, fixedQuickStakes, labels } = props;
  const [stake, setStake] = useState('');
  const { notice, setNotice, sending, submit } = useTableBet({ tableId, roundId, market, bettingOpen });
  const presets = quickStakeList(useStakePresets('casino'), fixedQuickStakes === true);
  const stakeMinor = stakeMinorOf(stake);
  // A table bet is a back at the table's odds: the exchange's profit arithmetic, in minor units.
  const outcome = market && stakeMinor !== null ? slipOutcome('BACK', stakeMinor, market.odds) : null;
  const profit = outcome ? formatMoney(outcome.profit) : '—';

  return (
    <section className="panel" aria-labelledby="my-bet-title" data-testid="bet-panel">
      <div className="panel-head">
        <h2 id="my-bet-title" className="panel-title">
          My Bet
        </h2>
      </div>
      <div className="panel-body bet-form">
        <dl className="bet-facts">
          <dt>Bet for</dt>
          <dd data-testid="bet-for">{market ? (labels?.[market.id] ?? market.name) : 'No selection'}</dd>
          {market && (
            <>
              <dt>Limits</dt>
              <dd className="note" data-testid="bet-limits">
                Min {formatMoney(market.minStake)} / Max {formatMoney(market.maxStake)}
              </dd>
            </>
          )}
          <dt>Odds</dt>
          <dd>
            <input
              className="input"
              readOnly
              value={market ? market.odds.toFixed(2) : ''}
              aria-label="Odds"
              placeholder="—"
              data-testid="bet-odds"
            />
          </dd>
          <dt>Stake</dt>
          <dd>
            <input
              className="input"
              inputMode="decimal"
              id={SLIP_STAKE_ID}
              aria-label="Stake"
              value={stake}
              disabled={paused === true}
              onChange={(event) => setStake(sanitizeStakeText(event.target.value))}
              data-testid="stake-input"
            />
          </dd>
          <dt>Profit</dt>
          <dd data-testid="bet-profit">{profit}</dd>
        </dl>
        <div className="quick-stakes" role="group" aria-label="Quick stakes">
          {presets.map((preset, index) => (
            <button
              key={`${preset.value}-${index}`}
              type="button"
              className="btn btn-ghost"
              title={String(preset.value)}
              onClick={() => setStake(String(preset.value))}
              data-value={preset.value}
              data-testid="quick-stake"
            >
              {preset.label}
            </button>
          ))}
        </div>
        <div className="bet-actions">
          <Link to={paths.setButtonValue} className="btn btn-ghost">
            Edit
          </Link>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => (setStake(''), setNotice(null))}
            data-testid="bet-reset"
          >
            Reset
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={stake.trim() === '' || sending || paused === true}
            onClick={() => void submit(stake)}
            data-testid="bet-submit"
          >
            Submit
          </button>
        </div>
        <p
          role="status"
          className={notice?.kind === 'error' ? 'slip-notice slip-error' : 'slip-notice'}
          data-testid="bet-message"
        >
          {notice?.text}
        </p>
      </div>
    </section>
  );
}
