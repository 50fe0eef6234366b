import type { DownlineBet } from '@backlay/contracts';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { agentReportsKey, fetchLiveBets } from './api.ts';

const COLUMNS: readonly Column<DownlineBet>[] = [
  { header: 'Placed', text: (bet) => formatDateTime(bet.placedAt) },
  { header: 'Player', text: (bet) => bet.player },
  { header: 'Market', text: (bet) => bet.market },
  { header: 'Runner', text: (bet) => bet.runner },
  { header: 'Side', text: (bet) => bet.side },
  { header: 'Price', text: (bet) => bet.price, align: 'right' },
  { header: 'Stake', text: (bet) => bet.stake, align: 'right' },
  { header: 'Matched', text: (bet) => bet.matched, align: 'right' },
  { header: 'Bet id', text: (bet) => bet.id },
];

/** The downline's players' open exchange bets, newest first. */
export default function LiveBetsPage() {
  const { query, rows, more } = useCursorPages({
    queryKey: [...agentReportsKey, 'live-bets'],
    load: fetchLiveBets,
  });
  return (
    <ListPage
      title="Live bets"
      tools={
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          Refresh
        </button>
      }
      csv={{ name: 'live-bets' }}
      error={query.error}
      label="Live bets"
      columns={COLUMNS}
      rows={rows}
      rowKey={(bet) => bet.id}
      loading={query.isPending}
      emptyText="No open bets in your downline."
      more={more}
    />
  );
}
