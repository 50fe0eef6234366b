import { useId, useState, type FormEvent } from 'react';
import { useSetRealityCheck } from '../api/set-reality-check.ts';
import { failureText } from '../protection-text.ts';
import {
  REALITY_CHECK_CHOICES,
  REALITY_CHECK_FAILED_TEXT,
  realityCheckSavedText,
  type RealityCheckMinutes,
} from '../reality-check-text.ts';
import { ChoiceGroup } from './choice-group.tsx';

/**
 * How often the portal stops play to show the time played and what was won or lost. Saved with a
 * button, not on each radio change, so moving through the options with the arrow keys sends nothing.
 */
export function RealityCheckCard({ minutes }: { minutes: RealityCheckMinutes }) {
  const [chosen, setChosen] = useState<RealityCheckMinutes>(minutes);
  const [saved, setSaved] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetRealityCheck();
  const titleId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setSaved(null);
    setFailure(null);
    save.mutate(chosen, {
      onSuccess: (answer) => setSaved(realityCheckSavedText(answer.minutes)),
      onError: (error) => setFailure(failureText(error, REALITY_CHECK_FAILED_TEXT)),
    });
  };

  return (
    <div className="rg-limit" role="group" aria-labelledby={titleId} data-testid="reality-check-setting">
      <h4 className="rg-limit-title" id={titleId}>
        Reality check
      </h4>
      <p className="rg-limit-facts">A reminder of how long you have played and what you have won or lost.</p>
      <form className="rg-form" onSubmit={onSubmit} noValidate data-testid="reality-check-form">
        <ChoiceGroup
          legend="Remind me every"
          name="reality-check-interval"
          choices={REALITY_CHECK_CHOICES}
          selected={chosen}
          onSelect={(value) => {
            setChosen(value);
            setSaved(null);
          }}
          testId="reality-check-interval"
        />
        {/* Not disabled while saving: the button keeps focus, and a second press is ignored above. */}
        <button type="submit" className="btn btn-primary" data-testid="reality-check-save">
          {save.isPending ? 'Saving…' : 'Save'}
          <span className="visually-hidden"> reality check</span>
        </button>
        {failure && (
          <p className="error-text" role="alert" data-testid="reality-check-error">
            {failure}
          </p>
        )}
        {saved && (
          <p className="rg-limit-outcome" role="status" data-testid="reality-check-saved">
            {saved}
          </p>
        )}
      </form>
    </div>
  );
}
