import { useId, useState, type FormEvent } from 'react';
import { SELF_EXCLUSION_PERIODS } from '@backlay/contracts';
import { useEndSession } from '../../../lib/use-end-session.ts';
import { useSelfExclude } from '../api/self-exclude.ts';
import {
  EXCLUSION_FAILED_TEXT,
  PERIOD_TEXT,
  excludedNoticeText,
  failureText,
  type ExclusionPeriod,
} from '../protection-text.ts';
import { exclusionErrors, type ExclusionErrors } from '../exclusion-form.ts';
import { ChoiceGroup, type Choice } from './choice-group.tsx';

const CHOICES: readonly Choice<ExclusionPeriod>[] = SELF_EXCLUSION_PERIODS.map((period) => ({
  value: period,
  label: PERIOD_TEXT[period],
}));

function ExclusionWarning() {
  return (
    <div className="rg-warning">
      <p>Self-exclusion is for when you want to stop for a long time. Once you confirm it:</p>
      <ul>
        <li>it starts at once and signs you out everywhere;</li>
        <li>your unmatched exchange bets are cancelled (matched bets stand and settle);</li>
        <li>it cannot be ended early, by you or by us;</li>
        <li>when it has ended, your account reopens 24 hours after you ask.</li>
      </ul>
    </div>
  );
}

/** Period and password, then the player is signed out and lands on the login page with the end date. */
function ExclusionForm() {
  const [period, setPeriod] = useState<ExclusionPeriod | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<ExclusionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const exclude = useSelfExclude();
  const endSession = useEndSession();
  const periodErrorId = useId();
  const passwordErrorId = useId();
  const passwordId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = exclusionErrors(period, password);
    setErrors(found);
    if (period === null || found.period || found.password) return;
    exclude.mutate(
      { period, password },
      {
        onSuccess: ({ until }) => endSession(excludedNoticeText(until)),
        onError: (error) => setFailure(failureText(error, EXCLUSION_FAILED_TEXT)),
      },
    );
  };

  return (
    <form className="rg-form" onSubmit={onSubmit} noValidate data-testid="exclusion-form">
      <ChoiceGroup
        legend="Exclude me for"
        name="exclusion-period"
        choices={CHOICES}
        selected={period}
        onSelect={(value) => {
          setPeriod(value);
          setErrors((current) => ({ ...current, period: undefined }));
        }}
        testId="exclusion-period"
        errorId={errors.period ? periodErrorId : undefined}
      />
      {errors.period && (
        <p className="error-text" id={periodErrorId} data-testid="exclusion-period-error">
          {errors.period}
        </p>
      )}
      <div className="field">
        <label className="field-label" htmlFor={passwordId}>
          Your password, to confirm
        </label>
        <input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          value={password}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? passwordErrorId : undefined}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="exclusion-password"
        />
      </div>
      {errors.password && (
        <p className="error-text" id={passwordErrorId} data-testid="exclusion-password-error">
          {errors.password}
        </p>
      )}
      {failure && (
        <p className="error-text" role="alert" data-testid="exclusion-error">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-danger"
        disabled={exclude.isPending}
        data-testid="exclusion-submit"
      >
        {exclude.isPending ? 'Excluding…' : 'Exclude me and sign out'}
      </button>
    </form>
  );
}

export function SelfExclusionSection() {
  const titleId = useId();
  return (
    <section className="panel" aria-labelledby={titleId} data-testid="self-exclusion">
      <h2 className="panel-head" id={titleId}>
        Self-exclusion
      </h2>
      <div className="panel-body rg-body">
        <ExclusionWarning />
        <ExclusionForm />
      </div>
    </section>
  );
}
