import { useEffect, useState } from 'react';

/** A target multiplier typed as "2.00"; the parameter is kept in hundredths. */
export function TargetInput({
  value,
  max,
  onChange,
  disabled,
  label,
}: {
  value: number;
  max: number;
  onChange(hundredths: number): void;
  disabled: boolean;
  label: string;
}) {
  const [text, setText] = useState((value / 100).toFixed(2));
  useEffect(() => setText((value / 100).toFixed(2)), [value]);
  const commit = () => {
    const parsed = Math.round(Number(text) * 100);
    const clamped = Number.isFinite(parsed) ? Math.min(max, Math.max(101, parsed)) : value;
    onChange(clamped);
    setText((clamped / 100).toFixed(2));
  };
  return (
    <div className="field">
      <label htmlFor="target-multiplier">{label}</label>
      <input
        id="target-multiplier"
        inputMode="decimal"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
      />
    </div>
  );
}
