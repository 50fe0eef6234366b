import { useState, type FormEvent } from 'react';
import { PageHead } from '../../components/page-head.tsx';
import { lastDays, type ReportRange } from './api.ts';
import { CommissionReport } from './commission-report.tsx';
import { ExposuresReport } from './exposures-report.tsx';
import { PnlReport } from './pnl-report.tsx';

export default function ReportsPage() {
  const [range, setRange] = useState<ReportRange>(() => lastDays(7));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setRange({ from: String(data.get('from')), to: String(data.get('to')) });
  };
  return (
    <section className="page">
      <PageHead title="Reports" />
      <form className="filters" onSubmit={submit} aria-label="Report period">
        <label className="field">
          <span className="field-label">From</span>
          <input name="from" type="date" required defaultValue={range.from} />
        </label>
        <label className="field">
          <span className="field-label">To</span>
          <input name="to" type="date" required defaultValue={range.to} />
        </label>
        <button type="submit" className="btn btn-secondary">
          Show
        </button>
      </form>
      <PnlReport range={range} />
      <CommissionReport range={range} />
      <ExposuresReport />
    </section>
  );
}
