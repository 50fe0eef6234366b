import type { FormEvent } from 'react';
import { statementTypeSchema, type StatementType } from '@backlay/contracts';
import { STATEMENT_TYPE_OPTIONS } from '../statement-query.ts';

export interface StatementFilterValues {
  from: string;
  to: string;
  type: StatementType;
}

interface StatementFiltersProps {
  values: StatementFilterValues;
  onChange: (values: StatementFilterValues) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  rangeError: boolean;
}

/** Date range (default: the last 7 days), report type and Submit; nothing applies before Submit. */
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
          onChange={(e) => onChange({ ...values, type: statementTypeSchema.parse(e.target.value) })}
          data-testid="report-type"
        >
          {STATEMENT_TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
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
