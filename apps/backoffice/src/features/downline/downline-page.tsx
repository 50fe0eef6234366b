import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ListPage } from '../../components/list-page.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';
import { paths } from '../../paths.ts';
import { downlineKey, fetchDownline } from './api.ts';
import { RowActionPanel, type RowAction } from './account-actions.tsx';
import { CreateChild } from './create-child.tsx';
import { downlineColumns, type Crumb } from './downline-columns.tsx';

const trailOf = (state: unknown): Crumb[] =>
  state && typeof state === 'object' && Array.isArray((state as { trail?: unknown }).trail)
    ? (state as { trail: Crumb[] }).trail
    : [];

/**
 * The downline: an account's direct children with their money and limits, level by level. The top is
 * the signed-in agent's own children, or the house's for staff; an agent's name opens its children.
 */
export default function DownlinePage() {
  const { id } = useParams();
  const location = useLocation();
  const session = useStaffSession();
  const trail = id ? trailOf(location.state) : [];
  const { query, rows, more } = useCursorPages({
    queryKey: [...downlineKey, id ?? 'top'],
    load: (cursor, signal) => fetchDownline(id, cursor, signal),
  });
  const isAgent = session?.user.role === 'agent';
  const mayCreate = isAgent || session?.user.staffRole === 'owner';
  // Chips and terms move one level at a time: only the caller's own children have actions.
  const ownChildren = isAgent ? !id || id === session?.user.id : !id && session?.user.staffRole === 'owner';
  const [action, setAction] = useState<RowAction | null>(null);
  const open = ownChildren
    ? (item: RowAction['item'], kind: RowAction['kind']) => setAction({ item, kind })
    : undefined;
  return (
    <ListPage
      title="Downline"
      csv={{ name: id ? `downline-${id}` : 'downline' }}
      filters={
        <>
          <Breadcrumb trail={trail} current={id} top={isAgent ? 'My downline' : 'House'} />
          {mayCreate && <CreateChild key={id ?? 'top'} parentId={id} />}
          {action && ownChildren && <RowActionPanel action={action} onClose={() => setAction(null)} />}
        </>
      }
      error={query.error}
      label="Downline"
      columns={downlineColumns(trail, open)}
      rows={rows}
      rowKey={(item) => item.id}
      loading={query.isPending}
      emptyText="No agents or players here yet."
      more={more}
    />
  );
}

type BreadcrumbProps = { trail: readonly Crumb[]; current: string | undefined; top: string };

function Breadcrumb({ trail, current, top }: BreadcrumbProps) {
  return (
    <nav aria-label="Downline levels" className="breadcrumb">
      <ol className="row">
        <li>{current ? <Link to={paths.downline}>{top}</Link> : <span aria-current="page">{top}</span>}</li>
        {trail.map((crumb, index) => (
          <li key={crumb.id}>
            {' › '}
            {index === trail.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={paths.downlineOf(crumb.id)} state={{ trail: trail.slice(0, index + 1) }}>
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
        {current && trail.length === 0 && (
          <li>
            {' › '}
            <span aria-current="page">this agent</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
