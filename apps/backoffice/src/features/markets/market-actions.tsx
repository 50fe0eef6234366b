import type { AdminMarketDetail as Market } from '@backlay/contracts';
import type { FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { marketKey, setMarketOpen, setStakeLimits, voidMarket } from './api.ts';

const formText = (form: HTMLFormElement, name: string) =>
  String(new FormData(form).get(name) ?? '').trim() || undefined;

/** Suspend or resume, stake limits, and voiding (every stake back; a reason is required). */
export function MarketActions({ market }: { market: Market }) {
  const affects = [marketKey(market.id), ['bets']];
  const status = useChange(setMarketOpen, affects, ({ open }) =>
    open ? 'Market resumed.' : 'Market suspended.',
  );
  const limits = useChange(setStakeLimits, affects, () => 'Stake limits saved.');
  const voiding = useChange(voidMarket, affects, () => 'Market voided: every stake returned.');
  const live = market.status === 'OPEN' || market.status === 'SUSPENDED';

  const submitLimits = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    limits.run({ id: market.id, minStake: formText(form, 'minStake'), maxStake: formText(form, 'maxStake') });
  };
  const submitVoid = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    voiding.run({ id: market.id, reason: formText(event.currentTarget, 'reason') ?? '' });
  };

  return (
    <section className="panel panel-body stack" aria-labelledby="market-actions-title">
      <h2 id="market-actions-title" className="panel-title">
        Trading
      </h2>
      {live && (
        <div className="row">
          <button
            type="button"
            className={market.status === 'OPEN' ? 'btn btn-danger' : 'btn btn-secondary'}
            disabled={status.busy}
            onClick={() => status.run({ id: market.id, open: market.status !== 'OPEN' })}
          >
            {market.status === 'OPEN' ? 'Suspend market' : 'Resume market'}
          </button>
        </div>
      )}
      <ErrorNote error={status.error} />
      <DoneNote text={status.done} />
      <form className="row align-end" onSubmit={submitLimits} aria-label="Stake limits">
        <label className="field grow">
          <span className="field-label">Min stake</span>
          <input name="minStake" inputMode="decimal" placeholder={market.minStake} />
        </label>
        <label className="field grow">
          <span className="field-label">Max stake</span>
          <input name="maxStake" inputMode="decimal" placeholder={market.maxStake} />
        </label>
        <button type="submit" className="btn btn-secondary" disabled={limits.busy}>
          Save limits
        </button>
      </form>
      <ErrorNote error={limits.error} />
      <DoneNote text={limits.done} />
      {live && (
        <form className="row align-end" onSubmit={submitVoid} aria-label="Void market">
          <label className="field grow">
            <span className="field-label">Reason to void</span>
            <input name="reason" required maxLength={500} />
          </label>
          <button type="submit" className="btn btn-danger" disabled={voiding.busy}>
            Void market
          </button>
        </form>
      )}
      <ErrorNote error={voiding.error} />
      <DoneNote text={voiding.done} />
    </section>
  );
}
