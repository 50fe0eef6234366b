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

export function StakeInput(props: Props) {
  const { stake, onChange, min, max, currency, disabled } = props;
  const problem = stakeProblem(stake, min, max);
  return (
    <div className="stake">
      <label htmlFor="stake-amount">Bet amount ({currency})</label>
      <div className="stake-row">
        <ScaleButton {...props} factor="half" />
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
        <ScaleButton {...props} factor="double" />
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

/** The halve and double buttons beside the amount: the same button, scaling the other way. */
const SCALES = {
  half: { text: '½', label: 'Halve the bet' },
  double: { text: '2×', label: 'Double the bet' },
} as const;

function ScaleButton(props: Props & { factor: keyof typeof SCALES }) {
  const { stake, onChange, min, max, disabled, factor } = props;
  return (
    <button
      type="button"
      onClick={() => onChange(scaleStake(stake, factor, min, max))}
      disabled={disabled}
      aria-label={SCALES[factor].label}
    >
      {SCALES[factor].text}
    </button>
  );
}
