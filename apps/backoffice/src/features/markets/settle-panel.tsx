import type { AdminMarketDetail as Market, MarketOutcomeBody } from '@backlay/contracts';
import type { FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { marketKey, resettleMarket, settleMarket } from './api.ts';

/** Settles an open market, or settles a closed one again on a corrected outcome (reason required). */
export function SettlePanel({ market }: { market: Market }) {
  const affects = [marketKey(market.id), ['bets']];
  const settle = useChange(settleMarket, affects, () => 'Market settled.');
  const resettle = useChange(resettleMarket, affects, () => 'Market settled again on the new outcome.');
  const closed = market.status !== 'OPEN' && market.status !== 'SUSPENDED';
  const change = closed ? resettle : settle;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const outcome: MarketOutcomeBody = market.line
      ? { result: Number(data.get('result')) }
      : { winnerRunnerId: String(data.get('winner') ?? '') };
    const reason = String(data.get('reason') ?? '').trim();
    if (closed) resettle.run({ id: market.id, outcome, reason });
    else settle.run({ id: market.id, outcome, reason: reason || undefined });
  };

  return (
    <form className="panel panel-body stack" onSubmit={submit} aria-labelledby="settle-title">
      <h2 id="settle-title" className="panel-title">
        {closed ? 'Correct the result' : 'Settle'}
      </h2>
      {market.line ? (
        <label className="field">
          <span className="field-label">Final value</span>
          <input name="result" type="number" min={0} max={100000} step={1} required />
        </label>
      ) : (
        <label className="field">
          <span className="field-label">Winner</span>
          <select name="winner" required defaultValue="">
            <option value="" disabled>
              Choose the winner
            </option>
            {market.runners.map((runner) => (
              <option key={runner.id} value={runner.id}>
                {runner.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="field">
        <span className="field-label">{closed ? 'Reason (required)' : 'Reason (optional)'}</span>
        <input name="reason" required={closed} maxLength={500} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={change.busy}>
        {closed ? 'Settle again' : 'Settle market'}
      </button>
      {/* Settling closes the market, which turns this panel into the correction form: keep the note. */}
      <ErrorNote error={settle.error ?? resettle.error} />
      <DoneNote text={resettle.done ?? settle.done} />
    </form>
  );
}
