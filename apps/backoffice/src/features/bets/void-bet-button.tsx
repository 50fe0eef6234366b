import type { AdminBet } from '@backlay/contracts';
import { useState, type FormEvent } from 'react';
import { ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { voidBet } from './api.ts';

/** Voids one open bet after asking why; the reason goes to the audit log. */
export function VoidBetButton({ bet }: { bet: AdminBet }) {
  const [asking, setAsking] = useState(false);
  const change = useChange(voidBet, [['bets']], () => `Bet ${bet.id} voided.`);
  if (bet.state !== 'open') return null;
  if (change.done) return <span className="note">Voided</span>;
  if (!asking)
    return (
      <button type="button" className="btn btn-ghost btn-small" onClick={() => setAsking(true)}>
        Void
      </button>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    if (reason) change.run({ id: bet.id, reason });
  };
  return (
    <form className="inline-form" onSubmit={submit}>
      <label className="field">
        <span className="field-label">Reason to void bet {bet.id}</span>
        <input name="reason" required maxLength={500} />
      </label>
      <button type="submit" className="btn btn-primary btn-small" disabled={change.busy}>
        Void bet
      </button>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
        Cancel
      </button>
      <ErrorNote error={change.error} />
    </form>
  );
}
