import { useProtectionHistory } from '../api/get-protection-history.ts';
import { breakRunningText, runningBreakEnd } from '../protection-text.ts';
import { HistorySection } from './history-section.tsx';
import { LimitsSection } from './limits-section.tsx';
import { SelfExclusionSection } from './self-exclusion-section.tsx';
import { TakeBreakSection } from './take-break-section.tsx';
import './responsible-gaming.css';

/** The break running now, read from the history (the server has no other place that says so). */
function RunningBreak({ until }: { until: string | null }) {
  if (until === null) return null;
  return (
    <p className="rg-running" role="status" data-testid="running-break">
      {breakRunningText(until)}
    </p>
  );
}

export function ResponsibleGamingPage() {
  const history = useProtectionHistory();
  const running = runningBreakEnd(history.data?.items ?? [], new Date());
  return (
    <section className="page responsible-gaming" data-testid="responsible-gaming">
      <h1 className="page-title">Responsible gaming</h1>
      <p className="rg-intro">
        Play should stay fun. Set limits on what you pay in, what you lose and how long you play. If it stops
        being fun, or takes more time or money than you meant, stop for a while: take a short break, or
        exclude yourself for longer.
      </p>
      <RunningBreak until={running} />
      <LimitsSection />
      <div className="rg-sections">
        <TakeBreakSection />
        <SelfExclusionSection />
      </div>
      <HistorySection query={history} />
    </section>
  );
}
