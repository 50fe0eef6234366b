import type { PlayerDetail } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useMay } from '../../lib/permissions.ts';
import { apiAccessText } from './api-access.ts';
import { fetchPlayer, playersKey } from './api.ts';
import { CashDesk } from './cash-desk.tsx';
import { PlayerActivity } from './player-activity.tsx';
import { PlayerControls } from './player-controls.tsx';
import { PlayerStatement } from './player-statement.tsx';

/** The player's bets come from the bets feature; the router puts them here (`Bets`). */
export default function PlayerPage({ Bets }: { Bets: ComponentType<{ playerId: string }> }) {
  const id = useParams().id ?? '';
  const mayServe = useMay('playerDesk');
  const query = useQuery({
    queryKey: [...playersKey, 'one', id],
    queryFn: ({ signal }) => fetchPlayer(id, signal),
  });
  const detail = query.data;
  return (
    <section className="page">
      <PageHead title={detail ? detail.player.name : 'Player'} />
      <ErrorNote error={query.error} />
      {detail && (
        <>
          <PlayerSummary detail={detail} />
          {mayServe && (
            <div className="panel-grid">
              <CashDesk playerId={detail.player.id} />
              <PlayerControls player={detail.player} apiAccess={detail.apiAccess} />
            </div>
          )}
          <Bets playerId={detail.player.id} />
          <PlayerStatement playerId={detail.player.id} />
          <PlayerActivity detail={detail} />
        </>
      )}
    </section>
  );
}

const until = (iso: string | null) => (iso ? `until ${formatDateTime(iso)}` : null);

function PlayerSummary({ detail }: { detail: PlayerDetail }) {
  const { player, protection } = detail;
  const limits = protection.limits
    .filter((limit) => limit.amount !== null)
    .map((limit) => `${limit.kind} ${limit.period} ${limit.amount} (left ${limit.remaining ?? '–'})`);
  const facts: [string, string][] = [
    ['Email', player.email],
    ['Code', player.uniqueCode],
    ['Balance', detail.balance],
    ['Exposure', detail.exposure],
    ['Status', player.status],
    ['Bet lock', player.betLocked ? 'On: may not stake' : 'Off'],
    ['Max stake', player.maxStake ?? 'Products’ own'],
    ['Trading API', player.staffRole ? 'Players only' : apiAccessText(detail.apiAccess)],
    ['Joined', formatDateTime(player.createdAt)],
    ['Limits', limits.join('; ') || 'None'],
    ['Session limit', protection.sessionMinutes ? `${protection.sessionMinutes} min` : 'None'],
    ['Time-out', until(protection.timedOutUntil) ?? 'No'],
    ['Self-exclusion', until(protection.excludedUntil) ?? 'No'],
  ];
  return (
    <dl className="facts panel" aria-label="Player summary">
      {facts.map(([term, value]) => (
        <div key={term} className="fact">
          <dt>{term}</dt>
          <dd data-testid={`fact-${term.toLowerCase().replaceAll(' ', '-')}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
