import type { AdminBet } from '@backlay/contracts';
import { Link } from 'react-router';
import type { Column } from '../components/data-table.tsx';
import { formatDateTime } from '../lib/format.ts';
import { paths } from '../paths.ts';

export const BET_COLUMNS: readonly Column<AdminBet>[] = [
  { header: 'Placed', text: (bet) => formatDateTime(bet.placedAt) },
  { header: 'Product', text: (bet) => bet.product },
  {
    header: 'Player',
    text: (bet) => bet.email ?? bet.playerId,
    render: (bet) => <Link to={paths.player(bet.playerId)}>{bet.email ?? bet.playerId}</Link>,
  },
  {
    header: 'Market',
    text: (bet) => bet.market,
    render: (bet) =>
      bet.product === 'exchange' ? <Link to={paths.market(bet.market)}>{bet.market}</Link> : bet.market,
  },
  { header: 'Selection', text: (bet) => [bet.side, bet.selection].filter(Boolean).join(' ') },
  { header: 'Stake', text: (bet) => bet.stake, numeric: true },
  { header: 'State', text: (bet) => bet.state },
  { header: 'Status', text: (bet) => bet.status },
  { header: 'Result', text: (bet) => bet.result ?? '', numeric: true },
  { header: 'Bet id', text: (bet) => bet.id },
];
