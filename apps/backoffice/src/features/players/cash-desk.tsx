import { useRef, type FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { moveCash, playersKey, type CashDeskInput } from './api.ts';

/** Deposit or withdraw, with a remark that goes to the ledger and the audit log. */
export function CashDesk({ playerId }: { playerId: string }) {
  const form = useRef<HTMLFormElement>(null);
  const change = useChange(
    moveCash,
    [playersKey],
    (input: CashDeskInput) => `${input.kind === 'deposit' ? 'Deposited' : 'Withdrew'} ${input.amount}.`,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const data = new FormData(event.currentTarget);
    change.run({
      id: playerId,
      kind: submitter?.value === 'withdraw' ? 'withdraw' : 'deposit',
      amount: String(data.get('amount') ?? '').trim(),
      remark: String(data.get('remark') ?? ''),
    });
  };
  return (
    <form ref={form} className="panel panel-body stack" onSubmit={submit} aria-labelledby="cash-desk-title">
      <h2 id="cash-desk-title" className="panel-title">
        Cash desk
      </h2>
      <label className="field">
        <span className="field-label">Amount</span>
        <input name="amount" inputMode="decimal" required pattern="\d+(\.\d{1,2})?" placeholder="100.00" />
      </label>
      <label className="field">
        <span className="field-label">Remark</span>
        <input name="remark" maxLength={256} />
      </label>
      <div className="row">
        <button type="submit" name="kind" value="deposit" className="btn btn-primary" disabled={change.busy}>
          Deposit
        </button>
        <button
          type="submit"
          name="kind"
          value="withdraw"
          className="btn btn-secondary"
          disabled={change.busy}
        >
          Withdraw
        </button>
      </div>
      <ErrorNote error={change.error} />
      <DoneNote text={change.done} />
    </form>
  );
}
