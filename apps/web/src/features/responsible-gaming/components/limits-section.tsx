import { useId, type ReactNode } from 'react';
import { LIMIT_PERIODS, type Limit, type LimitKind, type Limits } from '@backlay/contracts';
import { LoadError } from '../../../components/load-error.tsx';
import { useLimits } from '../api/get-limits.ts';
import { LIMITS_FAILED_TEXT, LIMITS_RULE_TEXT } from '../limit-text.ts';
import { LimitRow } from './limit-row.tsx';
import { RealityCheckCard } from './reality-check-card.tsx';
import { SessionLimitCard } from './session-limit-card.tsx';

const GROUPS: readonly { kind: LimitKind; title: string; note: string }[] = [
  { kind: 'deposit', title: 'Deposit limits', note: 'The most you can pay in.' },
  {
    kind: 'loss',
    title: 'Loss limits',
    note: 'The most you can lose: stakes minus winnings, counting each open bet as if it lost.',
  },
];

function Group({
  title,
  note,
  testId,
  children,
}: {
  title: string;
  note: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="rg-group" role="group" aria-labelledby={titleId} data-testid={testId}>
      <h3 className="rg-group-title" id={titleId}>
        {title}
      </h3>
      <p className="note rg-group-note">{note}</p>
      <div className="rg-limit-grid">{children}</div>
    </div>
  );
}

const findLimit = (limits: readonly Limit[], kind: LimitKind, period: Limit['period']) =>
  limits.find((limit) => limit.kind === kind && limit.period === period);

function LimitGroups({ data }: { data: Limits }) {
  return (
    <>
      {GROUPS.map(({ kind, title, note }) => (
        <Group key={kind} title={title} note={note} testId={`limits-${kind}`}>
          {LIMIT_PERIODS.map((period) => (
            <LimitRow key={period} kind={kind} period={period} limit={findLimit(data.limits, kind, period)} />
          ))}
        </Group>
      ))}
      <Group title="Time" note="How long you play, and reminders while you do." testId="limits-time">
        <SessionLimitCard sessionMinutes={data.sessionMinutes} sessionPending={data.sessionPending} />
        <RealityCheckCard minutes={data.realityCheckMinutes} />
      </Group>
    </>
  );
}

/** Deposit, loss and session limits and the reality check, with the rule for changing them. */
export function LimitsSection() {
  const query = useLimits();
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="limits">
      <h2 className="panel-head" id={titleId}>
        Limits
      </h2>
      <div className="panel-body rg-body">
        <p className="rg-warning" data-testid="limits-rule">
          {LIMITS_RULE_TEXT}
        </p>
        {query.data ? (
          <LimitGroups data={query.data} />
        ) : query.isError ? (
          <LoadError
            text={LIMITS_FAILED_TEXT}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
            className=""
            testId="limits-error"
            retryTestId="limits-retry"
          />
        ) : (
          <p className="note" role="status" data-testid="limits-loading">
            Loading your limits…
          </p>
        )}
      </div>
    </section>
  );
}
