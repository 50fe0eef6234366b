import type { PlayerApiAccess } from '@backlay/contracts';
import type { FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { apiAccessDone, apiAccessSwitch } from './api-access.ts';
import { playersKey, setApiAccess } from './api.ts';

/**
 * Switches the player's trading API (docs/decisions/0255). The server audits every switch with its
 * reason, so one is asked for either way; the keys stay and work again once access is back on.
 */
export function ApiAccessControl({ playerId, access }: { playerId: string; access: PlayerApiAccess }) {
  const change = useChange(setApiAccess, [playersKey], ({ enabled }) => apiAccessDone(enabled));
  const next = apiAccessSwitch(access.enabled);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason) change.run({ id: playerId, enabled: next.enabled, reason });
  };
  // Keyed by the state, so the reason given for one switch is not left in place for the next.
  return (
    <>
      <form key={String(access.enabled)} className="row align-end" onSubmit={submit} aria-label="Trading API">
        <label className="field grow">
          <span className="field-label">{next.reasonLabel}</span>
          <input name="reason" required maxLength={500} />
        </label>
        <button
          type="submit"
          className={access.enabled ? 'btn btn-danger' : 'btn btn-secondary'}
          disabled={change.busy}
        >
          {next.button}
        </button>
      </form>
      <ErrorNote error={change.error} />
      <DoneNote text={change.done} />
    </>
  );
}
