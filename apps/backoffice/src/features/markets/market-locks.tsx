import type { MarketLocks } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useMay } from '../../lib/permissions.ts';
import { useStaffSession } from '../../lib/staff-session.ts';
import { useChange } from '../../lib/use-change.ts';
import { fetchMarketLocks, setSubtreeLock, type SubtreeLock } from './api.ts';

const locksKey = (marketId: string, accountId: string | undefined) =>
  ['market-locks', marketId, accountId ?? 'own'] as const;

const saidOf = (lock: SubtreeLock) =>
  `${lock.scope === 'market' ? 'This market' : 'The whole event'} is ${lock.locked ? 'locked' : 'open'} for the downline.`;

/**
 * The market analysis's bet locks (docs/decisions/0292, 0300): switches that lock the market, or every
 * market of its event, for the viewed account's subtree: the signed-in agent's own, or `accountId`'s.
 * Staff see them only for a named account, and only desk roles may use them.
 */
export function MarketLockSwitches({
  marketId,
  accountId,
}: {
  marketId: string;
  accountId: string | undefined;
}) {
  const session = useStaffSession();
  const isAgent = session?.user.role === 'agent';
  const mayLock = useMay('playerDesk') || isAgent;
  const shown = isAgent || accountId !== undefined;
  const query = useQuery({
    queryKey: locksKey(marketId, accountId),
    queryFn: ({ signal }) => fetchMarketLocks(marketId, accountId, signal),
    enabled: shown,
  });
  const change = useChange(setSubtreeLock, [locksKey(marketId, accountId)], saidOf);
  if (!shown) return null;
  const locks = query.data;
  const whose = accountId === undefined ? 'my downline' : 'this downline';
  const switchFor = (scope: SubtreeLock['scope'], label: string, locked: (locks: MarketLocks) => boolean) => (
    <label className="check">
      <input
        type="checkbox"
        role="switch"
        checked={locks ? locked(locks) : false}
        disabled={!locks || !mayLock || change.busy}
        onChange={(event) =>
          locks &&
          change.run({
            scope,
            id: scope === 'market' ? locks.marketId : locks.eventId,
            accountId: locks.accountId,
            locked: event.target.checked,
          })
        }
      />
      {label}
    </label>
  );
  return (
    <section className="panel panel-body stack" aria-labelledby="market-locks-title">
      <h2 id="market-locks-title" className="panel-title">
        Lock for {whose}
      </h2>
      <div className="filters">
        {switchFor('market', 'This market', (locks) => locks.marketLocked)}
        {switchFor('event', 'The whole event', (locks) => locks.eventLocked)}
      </div>
      <ErrorNote error={query.error ?? change.error} />
      <DoneNote text={change.done} />
    </section>
  );
}
