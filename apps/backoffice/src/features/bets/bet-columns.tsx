import type { AdminBet } from '@backlay/contracts';
import { Link } from 'react-router';
import type { Column } from '@backlay/front-kit/data-table';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../paths.ts';

export const BET_COLUMNS: readonly Column<AdminBet>[] = [
  { header: 'Placed', text: (bet) => formatDateTime(bet.placedAt) },
  { header: 'Product', text: (bet) => bet.product },
  {
    header: 'Player',
    text: (bet) => bet.email ?? bet.playerId,
    cell: (bet) => <Link to={paths.player(bet.playerId)}>{bet.email ?? bet.playerId}</Link>,
  },
  {
    header: 'Market',
    text: (bet) => bet.market,
    cell: (bet) =>
      bet.product === 'exchange' ? <Link to={paths.market(bet.market)}>{bet.market}</Link> : bet.market,
  },
  { header: 'Selection', text: (bet) => [bet.side, bet.selection].filter(Boolean).join(' ') },
  { header: 'Stake', text: (bet) => bet.stake, align: 'right' },
  { header: 'State', text: (bet) => bet.state },
  { header: 'Status', text: (bet) => bet.status },
  { header: 'Result', text: (bet) => bet.result ?? '', align: 'right' },
  { header: 'Bet id', text: (bet) => bet.id },
];
