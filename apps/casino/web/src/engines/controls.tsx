/** What a labelled pick of one value among a few needs, whichever control shows it. */
type OptionFieldProps<T> = {
  label: string;
  value: T;
  options: readonly T[];
  onChange(value: T): void;
  disabled?: boolean;
  format?: (value: T) => string;
};

/** The radio group's name or the drop-down's id, from the label (one view never shows a label twice). */
const idFrom = (prefix: string, label: string) => `${prefix}-${label.replace(/\W+/g, '-').toLowerCase()}`;

/** A labelled choice of a few values, as a radio group of buttons (arrow keys move, as in any radio group). */
export function Choice<T extends string | number>(props: OptionFieldProps<T>) {
  const { label, value, options, onChange, disabled, format = String } = props;
  const name = idFrom('choice', label);
  return (
    <fieldset className="choice" disabled={disabled}>
      <legend>{label}</legend>
      <div className="choice-options">
        {options.map((option) => (
          <label key={String(option)} className={option === value ? 'selected' : undefined}>
            <input type="radio" name={name} checked={option === value} onChange={() => onChange(option)} />
            <span>{format(option)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A labelled drop-down for longer lists. */
export function Select<T extends string | number>(props: OptionFieldProps<T>) {
  const { label, value, options, onChange, disabled, format = String } = props;
  const id = idFrom('select', label);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        disabled={disabled}
        onChange={(event) => onChange(options.find((option) => String(option) === event.target.value)!)}
      >
        {options.map((option) => (
          <option key={String(option)} value={String(option)}>
            {format(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A playing card face from its code ("QD", "TH"). */
export function CardFace({ code, hidden = false }: { code?: string; hidden?: boolean }) {
  if (hidden || code === undefined)
    return <span className="card card-back" aria-label="Face-down card" role="img" />;
  const rank = code[0] === 'T' ? '10' : code[0]!;
  const suit = { D: '♦', H: '♥', S: '♠', C: '♣' }[code[1] as 'D' | 'H' | 'S' | 'C'];
  const name = { D: 'diamonds', H: 'hearts', S: 'spades', C: 'clubs' }[code[1] as 'D' | 'H' | 'S' | 'C'];
  return (
    <span
      className={`card ${code[1] === 'D' || code[1] === 'H' ? 'red' : 'black'}`}
      role="img"
      aria-label={`${rank} of ${name}`}
    >
      <span aria-hidden="true">
        {rank}
        {suit}
      </span>
    </span>
  );
}
