import type { AdminPlayer } from '@backlay/contracts';
import { Link } from 'react-router';
import type { Column } from '@backlay/front-kit/data-table';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../paths.ts';

export const PLAYER_COLUMNS: readonly Column<AdminPlayer>[] = [
  {
    header: 'Email',
    text: (player) => player.email,
    cell: (player) => <Link to={paths.player(player.id)}>{player.email}</Link>,
  },
  { header: 'Name', text: (player) => player.name },
  { header: 'Code', text: (player) => player.uniqueCode },
  { header: 'Status', text: (player) => (player.betLocked ? `${player.status}, bet lock` : player.status) },
  { header: 'Balance', text: (player) => player.balance, align: 'right' },
  { header: 'Exposure', text: (player) => player.exposure, align: 'right' },
  { header: 'Joined', text: (player) => formatDateTime(player.createdAt) },
  { header: 'Id', text: (player) => player.id },
];
