import type { FormEvent } from 'react';
import type { Period } from '../lib/period.ts';

/** A report's period: two dates and "Show", which hands the chosen period up. */
export function PeriodForm({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ from: String(data.get('from')), to: String(data.get('to')) });
  };
  return (
    <form className="filters" onSubmit={submit} aria-label="Report period">
      <label className="field">
        <span className="field-label">From</span>
        <input name="from" type="date" required defaultValue={period.from} />
      </label>
      <label className="field">
        <span className="field-label">To</span>
        <input name="to" type="date" required defaultValue={period.to} />
      </label>
      <button type="submit" className="btn btn-secondary">
        Show
      </button>
    </form>
  );
}
