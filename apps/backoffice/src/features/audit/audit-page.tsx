import { auditPageSchema, type AuditEntry } from '@backlay/contracts';
import { useState, type FormEvent } from 'react';
import { useCursorPages } from '@backlay/front-kit/cursor-pages';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { compactJson, formatDateTime } from '../../lib/format.ts';
import { http, withQuery } from '../../lib/http.ts';

type AuditFilters = { actor?: string; action?: string; since?: string };

/** Every field, one column each, as the CSV export writes them. */
const CSV_COLUMNS: readonly Column<AuditEntry>[] = [
  { header: 'When', text: (entry) => formatDateTime(entry.at) },
  { header: 'Staff', text: (entry) => `${entry.actor.email} (${entry.actor.role})` },
  { header: 'Action', text: (entry) => entry.action },
  { header: 'Target', text: (entry) => entry.target },
  { header: 'Before', text: (entry) => compactJson(entry.before) },
  { header: 'After', text: (entry) => compactJson(entry.after) },
  { header: 'Reason', text: (entry) => entry.reason ?? '' },
  { header: 'Address', text: (entry) => entry.address },
];

const column = (header: string) => CSV_COLUMNS.find((candidate) => candidate.header === header)!;

/**
 * On screen the before, after and reason fold into one Details cell, so the table fits a desktop
 * console without scrolling sideways; long staff and target names break instead of widening it.
 */
const COLUMNS: readonly Column<AuditEntry>[] = [
  column('When'),
  {
    ...column('Staff'),
    cell: (entry) => (
      <span className="cell-lines">
        <span className="cell-break">{entry.actor.email}</span>
        <span className="note">{entry.actor.role}</span>
      </span>
    ),
  },
  column('Action'),
  { ...column('Target'), cell: (entry) => <span className="cell-break">{entry.target}</span> },
  {
    header: 'Details',
    text: (entry) => [entry.reason, compactJson(entry.after)].filter(Boolean).join(' · '),
    cell: (entry) => <AuditDetails entry={entry} />,
  },
  column('Address'),
];

/** The before and after values, pretty, one under the other. */
const pretty = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value, null, 2);

/** The change behind an entry, folded: the reason (or "Changes") as its summary. */
function AuditDetails({ entry }: { entry: AuditEntry }) {
  const parts: [string, string][] = [
    ['Reason', entry.reason ?? ''],
    ['Before', pretty(entry.before)],
    ['After', pretty(entry.after)],
  ];
  const shown = parts.filter(([, value]) => value !== '');
  if (shown.length === 0) return <span className="note">None</span>;
  return (
    <details className="cell-details">
      <summary>
        <span className="cell-summary">{entry.reason ?? 'Changes'}</span>
      </summary>
      <dl>
        {shown.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{term === 'Reason' ? value : <pre>{value}</pre>}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

const fetchAudit = (filters: AuditFilters, cursor: string | null, signal: AbortSignal) =>
  http(withQuery('/api/admin/audit', { ...filters, cursor, limit: 50 }), { schema: auditPageSchema, signal });

/** A `datetime-local` value (the browser's time zone) as the ISO instant the server filters by. */
const sinceInstant = (local: string) => (local ? new Date(local).toISOString() : undefined);

export default function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const { query, rows, more } = useCursorPages({
    queryKey: ['audit', filters],
    load: (cursor, signal) => fetchAudit(filters, cursor, signal),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({ actor: text('actor'), action: text('action'), since: sinceInstant(text('since') ?? '') });
  };

  return (
    <ListPage
      title="Audit log"
      csv={{ name: 'audit', columns: CSV_COLUMNS }}
      filters={
        <form className="filters" onSubmit={submit} aria-label="Audit filters">
          <label className="field">
            <span className="field-label">Staff id</span>
            <input name="actor" />
          </label>
          <label className="field">
            <span className="field-label">Action</span>
            <input name="action" maxLength={80} placeholder="e.g. cash deposit" />
          </label>
          <label className="field">
            <span className="field-label">Since</span>
            <input name="since" type="datetime-local" />
          </label>
          <button type="submit" className="btn btn-secondary">
            Apply
          </button>
        </form>
      }
      error={query.error}
      label="Audit log"
      columns={COLUMNS}
      rows={rows}
      rowKey={(entry) => entry.id}
      loading={query.isPending}
      emptyText="Nothing recorded yet."
      more={more}
    />
  );
}
