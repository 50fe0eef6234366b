import { agentLevelName, type DownlineItem } from '@backlay/contracts';
import type { Column } from '@backlay/front-kit/data-table';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** An agent opened on the way down from the top of the page, carried in the history entry. */
export type Crumb = { id: string; name: string };

const levelText = (item: DownlineItem) => (item.kind === 'agent' ? agentLevelName(item.level) : 'player');

const locksText = (item: DownlineItem) =>
  [item.loginLocked ? 'login' : '', item.betLocked ? 'bet' : ''].filter(Boolean).join(', ') || 'none';

/** Opens a row's chips, edit or lock form; absent where the rows are not the caller's direct children. */
export type OpenAction = (item: DownlineItem, kind: 'chips' | 'edit' | 'lock') => void;

const ACTIONS = [
  ['chips', 'Chips', (name: string) => `Chips for ${name}`],
  ['edit', 'Edit', (name: string) => `Edit ${name}`],
  ['lock', 'Lock', (name: string) => `Lock ${name}`],
] as const;

/** Every row's chip statement (docs/decisions/0294). */
const statementLink = (item: DownlineItem) => (
  <Link to={paths.statement(item.id)} className="btn btn-small" aria-label={`Statement of ${item.name}`}>
    Statement
  </Link>
);

function actionsColumn(open: OpenAction): Column<DownlineItem> {
  return {
    header: 'Actions',
    className: 'sticky-end',
    cell: (item) => (
      <span className="row-actions">
        {statementLink(item)}
        {ACTIONS.map(([kind, text, label]) => (
          <button
            key={kind}
            type="button"
            className="btn btn-small"
            onClick={() => open(item, kind)}
            aria-label={label(item.name)}
          >
            {text}
          </button>
        ))}
      </span>
    ),
  };
}

/**
 * The downline's columns; the name of an agent opens its own downline, one crumb further down, and the
 * caller's direct children have their chips, edit and lock actions.
 */
export function downlineColumns(trail: readonly Crumb[], open?: OpenAction): readonly Column<DownlineItem>[] {
  const columns: Column<DownlineItem>[] = [
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
  return [
    ...columns,
    open ? actionsColumn(open) : { header: 'Actions', className: 'sticky-end', cell: statementLink },
  ];
}
