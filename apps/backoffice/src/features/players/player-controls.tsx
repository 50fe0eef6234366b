import type { PlayerApiAccess, PlayerDetail } from '@backlay/contracts';
import type { FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { ApiAccessControl } from './api-access-control.tsx';
import { playersKey, setBetLock, setMaxStake, setStatus } from './api.ts';

type Props = { player: PlayerDetail['player']; apiAccess: PlayerApiAccess };

/**
 * Suspension, bet lock and the stake cap: each takes effect at once for every product. The trading API
 * switch too, for players only: staff accounts hold no app keys.
 */
export function PlayerControls({ player, apiAccess }: Props) {
  const status = useChange(setStatus, [playersKey], ({ status }) => `Player is now ${status}.`);
  const lock = useChange(setBetLock, [playersKey], ({ locked }) => `Bet lock ${locked ? 'on' : 'off'}.`);
  const cap = useChange(setMaxStake, [playersKey], ({ maxStake }) =>
    maxStake ? `Max stake set to ${maxStake}.` : 'Max stake lifted.',
  );
  const suspended = player.status === 'suspended';
  const submitCap = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('maxStake') ?? '').trim();
    cap.run({ id: player.id, maxStake: value });
  };
  return (
    <section className="panel panel-body stack" aria-labelledby="controls-title">
      <h2 id="controls-title" className="panel-title">
        Account controls
      </h2>
      <div className="row">
        <button
          type="button"
          className={suspended ? 'btn btn-secondary' : 'btn btn-danger'}
          disabled={status.busy}
          onClick={() => status.run({ id: player.id, status: suspended ? 'active' : 'suspended' })}
        >
          {suspended ? 'Unsuspend' : 'Suspend'}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={lock.busy}
          onClick={() => lock.run({ id: player.id, locked: !player.betLocked })}
        >
          {player.betLocked ? 'Lift bet lock' : 'Lock betting'}
        </button>
      </div>
      <ErrorNote error={status.error ?? lock.error} />
      <DoneNote text={status.done ?? lock.done} />
      <form className="row align-end" onSubmit={submitCap}>
        <label className="field grow">
          <span className="field-label">Max stake of one bet</span>
          <input name="maxStake" inputMode="decimal" required pattern="\d+(\.\d{1,2})?" />
        </label>
        <button type="submit" className="btn btn-secondary" disabled={cap.busy}>
          Set
        </button>
        {player.maxStake && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={cap.busy}
            onClick={() => cap.run({ id: player.id, maxStake: null })}
          >
            Lift
          </button>
        )}
      </form>
      <ErrorNote error={cap.error} />
      <DoneNote text={cap.done} />
      {!player.staffRole && <ApiAccessControl playerId={player.id} access={apiAccess} />}
    </section>
  );
}
