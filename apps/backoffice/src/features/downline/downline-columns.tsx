import { agentLevelName, type DownlineItem } from '@backlay/contracts';
import type { Column } from '@backlay/front-kit/data-table';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** An agent opened on the way down from the top of the page, carried in the history entry. */
export type Crumb = { id: string; name: string };

const levelText = (item: DownlineItem) => (item.kind === 'agent' ? agentLevelName(item.level) : 'player');

const locksText = (item: DownlineItem) =>
  [item.loginLocked ? 'login' : '', item.betLocked ? 'bet' : ''].filter(Boolean).join(', ') || 'none';

/** The downline's columns; the name of an agent opens its own downline, one crumb further down. */
export function downlineColumns(trail: readonly Crumb[]): readonly Column<DownlineItem>[] {
  return [
    {
      header: 'Name',
      text: (item) => item.name,
      cell: (item) =>
        item.kind === 'agent' ? (
          <Link
            to={paths.downlineOf(item.id)}
            state={{ trail: [...trail, { id: item.id, name: item.name }] }}
          >
            {item.name}
          </Link>
        ) : (
          item.name
        ),
    },
    { header: 'Level', text: levelText },
    { header: 'Credit ref.', text: (item) => item.creditReference, align: 'right' },
    { header: 'Balance', text: (item) => item.balance, align: 'right' },
    { header: 'Exposure', text: (item) => item.exposure, align: 'right' },
    { header: 'Available', text: (item) => item.available, align: 'right' },
    { header: 'P/L', text: (item) => item.pl, align: 'right' },
    {
      header: 'Share %',
      text: (item) => (item.sharePercent === null ? '' : String(item.sharePercent)),
      align: 'right',
    },
    { header: 'Exposure limit', text: (item) => item.exposureLimit ?? '', align: 'right' },
    { header: 'Max stake', text: (item) => item.maxStake ?? '', align: 'right' },
    { header: 'Locks', text: locksText },
  ];
}
