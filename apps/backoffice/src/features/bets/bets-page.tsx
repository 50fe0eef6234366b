import { BET_PRODUCTS, BET_STATES, type AdminBet } from '@backlay/contracts';
import { useState, type FormEvent } from 'react';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { useMay } from '../../lib/permissions.ts';
import type { BetFilters } from './api.ts';
import { BET_COLUMNS } from './bet-columns.tsx';
import { useBets } from './use-bets.ts';
import { VoidBetButton } from './void-bet-button.tsx';
import { betKey, TICKER_ROWS } from './ticker.ts';
import { useBetsTicker } from './use-bets-ticker.ts';

/** Shown to those who may void; not exported. */
const VOID_COLUMN: Column<AdminBet> = { header: 'Void', cell: (bet) => <VoidBetButton bet={bet} /> };

const STATE_TEXT = { connecting: 'Connecting…', live: 'Live', offline: 'Reconnecting…' } as const;

/**
 * Every product's bets. Unfiltered, a live ticker from the stream topic `admin-bets`
 * (docs/decisions/0253): the newest bets, new ones marked as they arrive. Filtered, the paged list.
 */
export default function BetsPage() {
  const [filters, setFilters] = useState<BetFilters>({});
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const ticker = useBetsTicker(!filtered);
  // Until the ticker's first snapshot (or while filtered) the list is read once over HTTP.
  const { query, rows: listed, more } = useBets(filters, false);
  const live = !filtered && ticker.ready;
  const rows = live ? ticker.rows : listed;
  const mayVoid = useMay('trading');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    setFilters({
      player: text('player'),
      market: text('market'),
      product: text('product') as BetFilters['product'],
      status: text('status') as BetFilters['status'],
    });
  };

  return (
    <ListPage
      title="Bets"
      tools={
        <>
          {!filtered && (
            <span className={ticker.state === 'live' ? 'live-dot' : 'live-dot off'} aria-hidden="true" />
          )}
          <span className="note" role="status">
            {filtered ? 'Filtered' : STATE_TEXT[ticker.state]}
          </span>
        </>
      }
      csv={{ name: 'bets' }}
      filters={
        <form className="filters" onSubmit={submit} aria-label="Bet filters">
          <label className="field">
            <span className="field-label">Player id</span>
            <input name="player" />
          </label>
          <label className="field">
            <span className="field-label">Market</span>
            <input name="market" maxLength={128} />
          </label>
          <Select name="product" label="Product" options={BET_PRODUCTS} />
          <Select name="status" label="Status" options={BET_STATES} />
          <button type="submit" className="btn btn-secondary">
            Apply
          </button>
        </form>
      }
      error={query.error}
      label="Bets"
      columns={mayVoid ? [...BET_COLUMNS, VOID_COLUMN] : BET_COLUMNS}
      rows={rows}
      rowKey={(bet) => `${bet.product}:${bet.id}`}
      loading={!live && query.isPending}
      emptyText="No bets match."
      rowClass={(bet) => (live && ticker.fresh.has(betKey(bet)) ? 'row-new' : undefined)}
      more={live ? undefined : more}
      footer={
        live && <p className="note">The newest {TICKER_ROWS} bets; filter to page through older ones.</p>
      }
    />
  );
}

function Select({ name, label, options }: { name: string; label: string; options: readonly string[] }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <select name={name} defaultValue="">
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
