import type { Limit, LimitKind, LimitPeriod } from '@backlay/contracts';
import { useChangeLimit, type LimitChange } from '../api/change-limit.ts';
import { limitAmountError } from '../limit-input.ts';
import {
  LIMIT_PERIOD_TEXT,
  amountText,
  limitName,
  limitOutcomeText,
  pendingText,
  resetText,
  usedText,
} from '../limit-text.ts';
import { LimitControl, type LimitRequest } from './limit-control.tsx';

interface LimitRowProps {
  kind: LimitKind;
  period: LimitPeriod;
  /** Absent when no limit is set and none waits: the server lists only those. */
  limit: Limit | undefined;
}

const toChange = (kind: LimitKind, period: LimitPeriod, request: LimitRequest): LimitChange => {
  if (request.action === 'set') return { kind, period, action: 'set', amount: request.typed };
  if (request.action === 'remove') return { kind, period, action: 'set', amount: null };
  return { kind, period, action: request.action };
};

/** What a set limit has used this period, and when the period starts again. */
function Usage({ limit, testId }: { limit: Limit; testId: string }) {
  return (
    <p className="rg-limit-facts">
      <span data-testid={`${testId}-used`}>{usedText(limit.used, limit.amount)}</span>
      <span data-testid={`${testId}-resets`}>{resetText(limit.resetsAt)}</span>
    </p>
  );
}

/** One deposit or loss limit for one period. */
export function LimitRow({ kind, period, limit }: LimitRowProps) {
  const change = useChangeLimit();
  const testId = `limit-${kind}-${period}`;
  const name = limitName(kind, period);
  const amount = limit?.amount ?? null;
  const pending = limit?.pending ?? null;
  const removalWaits = pending !== null && pending.amount === null;
  return (
    <LimitControl
      testId={testId}
      title={LIMIT_PERIOD_TEXT[period]}
      name={name}
      current={amountText(amount)}
      details={limit && <Usage limit={limit} testId={testId} />}
      pending={pending && { text: pendingText(pending), confirmableAt: pending.confirmableAt }}
      removable={amount !== null && !removalWaits}
      field={{
        label: `New ${name.toLowerCase()}`,
        suffix: 'amount',
        inputMode: 'decimal',
        validate: limitAmountError,
      }}
      run={async (request) => limitOutcomeText(await change.mutateAsync(toChange(kind, period, request)))}
    />
  );
}
