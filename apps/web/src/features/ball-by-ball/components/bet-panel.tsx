import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../paths.ts';
import { MatchedBetsTable } from '../../../components/table/matched-bets-table.tsx';
import { useStakePresets } from '../../../lib/use-stake-presets.ts';
import { canSubmitStake, sanitizeStake } from '../bet-slip.ts';

function MatchedBets() {
  return (
    <section className="panel">
      <div className="panel-head">Matched Bet</div>
      <MatchedBetsTable emptyText="No matched bets" testId="matched-bets" />
    </section>
  );
}

/** Ball by ball is a virtual game, so its slip uses the Casino Buttons presets (docs/decisions/0034). */
function QuickStakes({ onPick }: { onPick: (value: number) => void }) {
  const presets = useStakePresets('casino');
  return (
    <div className="quick-stakes">
      {presets.map((preset, index) => (
        <button
          key={index}
          type="button"
          className="btn btn-ghost"
          title={String(preset.value)}
          onClick={() => onPick(preset.value)}
          data-value={preset.value}
          data-testid="quick-stake"
        >
          {preset.label}
        </button>
      ))}
    </div>
  );
}

/** My Bet: bet-for, odds, stake with quick stakes, profit; Submit needs a stake and an open market. */
export function BetPanel() {
  const [stake, setStake] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  return (
    <aside className="market-side">
      <section className="panel" data-testid="bet-panel">
        <div className="panel-head">My Bet</div>
        <div className="panel-body bet-form">
          <dl className="bet-facts">
            <dt>Bet for</dt>
            <dd data-testid="bet-for">No selection</dd>
            <dt>Odds</dt>
            <dd>
              <input className="input" readOnly value="" aria-label="Odds" placeholder="—" />
            </dd>
            <dt>Stake</dt>
            <dd>
              <input
                className="input"
                inputMode="numeric"
                aria-label="Stake"
                value={stake}
                onChange={(event) => setStake(sanitizeStake(event.target.value))}
                data-testid="stake-input"
              />
            </dd>
            <dt>Profit</dt>
            <dd data-testid="bet-profit">—</dd>
          </dl>
          <QuickStakes onPick={(value) => setStake(String(value))} />
          <div className="bet-actions">
            <Link to={paths.setButtonValue} className="btn btn-ghost">
              Edit
            </Link>
            <button type="button" className="btn btn-ghost" onClick={() => (setStake(''), setMessage(null))}>
              Reset
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!canSubmitStake(stake)}
              onClick={() => setMessage('Choose an outcome of an open market first.')}
              data-testid="bet-submit"
            >
              Submit
            </button>
          </div>
          {message && <p className="note">{message}</p>}
        </div>
      </section>
      <MatchedBets />
    </aside>
  );
}
