import type { PlayerDetail, PlayerSession, SignIn } from '@backlay/contracts';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { formatDateTime } from '../../lib/format.ts';

const SESSION_COLUMNS: readonly Column<PlayerSession>[] = [
  { header: 'Opened', text: (row) => formatDateTime(row.createdAt) },
  { header: 'Last seen', text: (row) => formatDateTime(row.lastSeenAt) },
  { header: 'Expires', text: (row) => formatDateTime(row.expiresAt) },
  { header: 'Address', text: (row) => row.address ?? '' },
];

const SIGN_IN_COLUMNS: readonly Column<SignIn>[] = [
  { header: 'At', text: (row) => formatDateTime(row.at) },
  { header: 'Outcome', text: (row) => (row.code ? `${row.outcome} (${row.code})` : row.outcome) },
  { header: 'Address', text: (row) => row.address },
  { header: 'Browser', className: 'wrap', text: (row) => row.userAgent },
];

/** Where the player is signed in now, and their latest sign-in attempts. */
export function PlayerActivity({ detail }: { detail: PlayerDetail }) {
  const code = detail.player.uniqueCode;
  return (
    <div className="panel-grid">
      <ListPage
        title="Live sessions"
        titleId="sessions-title"
        csv={{ name: `sessions-${code}` }}
        label="Live sessions"
        columns={SESSION_COLUMNS}
        rows={detail.sessions}
        rowKey={(row) => row.id}
        emptyText="Not signed in anywhere."
      />
      <ListPage
        title="Sign-ins"
        titleId="sign-ins-title"
        csv={{ name: `sign-ins-${code}` }}
        label="Sign-ins"
        columns={SIGN_IN_COLUMNS}
        rows={detail.signIns}
        rowKey={(row) => `${row.at}:${row.address}`}
        emptyText="No sign-ins yet."
      />
    </div>
  );
}
