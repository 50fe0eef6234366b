import { formatMoney, scaleStake, toCents } from '../lib/money.ts';

/** Quick stakes as on the portal's bet slips. */
const QUICK_STAKES = ['25', '50', '100', '200', '500', '1000'];

type Props = {
  stake: string;
  onChange(stake: string): void;
  min: string;
  max: string;
  currency: string;
  disabled: boolean;
};

export function stakeProblem(stake: string, min: string, max: string): string | null {
  const cents = toCents(stake);
  if (cents === null) return 'Enter an amount such as 10 or 10.50.';
  if (cents < toCents(min)!) return `The smallest bet is ${formatMoney(min)}.`;
  if (cents > toCents(max)!) return `The largest bet is ${formatMoney(max)}.`;
  return null;
}

export function StakeInput({ stake, onChange, min, max, currency, disabled }: Props) {
  const problem = stakeProblem(stake, min, max);
  return (
    <div className="stake">
      <label htmlFor="stake-amount">Bet amount ({currency})</label>
      <div className="stake-row">
        <button
          type="button"
          onClick={() => onChange(scaleStake(stake, 'half', min, max))}
          disabled={disabled}
          aria-label="Halve the bet"
        >
          ½
        </button>
        <input
          id="stake-amount"
          inputMode="decimal"
          autoComplete="off"
          value={stake}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          aria-invalid={problem !== null}
          aria-describedby={problem ? 'stake-problem' : undefined}
        />
        <button
          type="button"
          onClick={() => onChange(scaleStake(stake, 'double', min, max))}
          disabled={disabled}
          aria-label="Double the bet"
        >
          2×
        </button>
      </div>
      <div className="quick-stakes" role="group" aria-label="Quick stakes">
        {QUICK_STAKES.map((amount) => (
          <button
            key={amount}
            type="button"
            onClick={() => onChange(`${amount}.00`)}
            disabled={disabled}
            aria-pressed={toCents(stake) === toCents(amount)}
          >
            {amount}
          </button>
        ))}
      </div>
      {problem && (
        <p id="stake-problem" className="hint">
          {problem}
        </p>
      )}
    </div>
  );
}
