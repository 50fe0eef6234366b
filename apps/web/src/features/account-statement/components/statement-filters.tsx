import type { FormEvent } from 'react';

export const STATEMENT_TYPES = ['All', 'Deposit/Withdraw', 'Sports', 'Casino'] as const;

export interface StatementFilterValues {
  from: string;
  to: string;
  type: string;
}

interface StatementFiltersProps {
  values: StatementFilterValues;
  onChange: (values: StatementFilterValues) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  rangeError: boolean;
}

/** Date range (default: the last 7 days), report type and Submit. */
export function StatementFilters({ values, onChange, onSubmit, rangeError }: StatementFiltersProps) {
  return (
    <form className="panel panel-body report-filters" onSubmit={onSubmit}>
      <label className="field">
        <span className="field-label">From</span>
        <input
          type="date"
          value={values.from}
          onChange={(e) => onChange({ ...values, from: e.target.value })}
          data-testid="date-from"
        />
      </label>
      <label className="field">
        <span className="field-label">To</span>
        <input
          type="date"
          value={values.to}
          onChange={(e) => onChange({ ...values, to: e.target.value })}
          data-testid="date-to"
        />
      </label>
      <label className="field">
        <span className="field-label">Report type</span>
        <select
          value={values.type}
          onChange={(e) => onChange({ ...values, type: e.target.value })}
          data-testid="report-type"
        >
          {STATEMENT_TYPES.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary" data-testid="report-submit">
        Submit
      </button>
      {rangeError && (
        <p className="error-text" role="alert" data-testid="range-error">
          The start date must not be after the end date.
        </p>
      )}
    </form>
  );
}
