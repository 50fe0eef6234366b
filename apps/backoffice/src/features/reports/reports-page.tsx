import { useState } from 'react';
import { PageHead } from '../../components/page-head.tsx';
import { PeriodForm } from '../../components/period-form.tsx';
import { lastDays, type ReportRange } from './api.ts';
import { CommissionReport } from './commission-report.tsx';
import { ExposuresReport } from './exposures-report.tsx';
import { PnlReport } from './pnl-report.tsx';

export default function ReportsPage() {
  const [range, setRange] = useState<ReportRange>(() => lastDays(7));
  return (
    <section className="page">
      <PageHead title="Reports" />
      <PeriodForm period={range} onChange={setRange} />
      <PnlReport range={range} />
      <CommissionReport range={range} />
      <ExposuresReport />
    </section>
  );
}
