import { CUSTOM_MARKET_TYPES, type CreateEventBody, type CustomMarketType } from '@backlay/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { useMay } from '../../lib/permissions.ts';
import { paths } from '../../paths.ts';
import { createEvent, fetchSports } from './api.ts';

/** The form's fields as the server's event: runners one per line, the start in the browser's zone. */
function eventFrom(form: HTMLFormElement): CreateEventBody {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '').trim();
  const optional = (name: string) => text(name) || undefined;
  return {
    sport: text('sport'),
    competition: text('competition'),
    name: text('name'),
    startTime: new Date(text('startTime')).toISOString(),
    markets: [
      {
        // The form's select offers only these types.
        type: text('type') as CustomMarketType,
        runners: text('runners')
          .split('\n')
          .map((runner) => runner.trim())
          .filter(Boolean),
        marketMaker: data.get('marketMaker') === 'on',
        minStake: optional('minStake'),
        maxStake: optional('maxStake'),
      },
    ],
  };
}

export default function NewEventPage() {
  const mayTrade = useMay('trading');
  const navigate = useNavigate();
  const sports = useQuery({ queryKey: ['sports'], queryFn: ({ signal }) => fetchSports(signal) });
  const create = useMutation({
    mutationFn: createEvent,
    onSuccess: (created) => {
      const first = created.markets[0];
      if (first) void navigate(paths.market(first.id));
    },
  });
  if (!mayTrade) return <p className="empty-state">Only a trader or an owner creates events.</p>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate(eventFrom(event.currentTarget));
  };
  return (
    <section className="page">
      <PageHead title="New event" />
      <form className="panel panel-body stack narrow" onSubmit={submit}>
        <label className="field">
          <span className="field-label">Sport</span>
          <select name="sport" required>
            {sports.data?.sports.map((sport) => (
              <option key={sport.slug} value={sport.slug}>
                {sport.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Competition</span>
          <input name="competition" required maxLength={100} />
        </label>
        <label className="field">
          <span className="field-label">Event name</span>
          <input name="name" required maxLength={120} />
        </label>
        <label className="field">
          <span className="field-label">Starts</span>
          <input name="startTime" type="datetime-local" required />
        </label>
        <label className="field">
          <span className="field-label">Market type</span>
          <select name="type" defaultValue="MATCH_ODDS">
            {CUSTOM_MARKET_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Runners, one per line</span>
          <textarea name="runners" required rows={4} />
        </label>
        <div className="row">
          <label className="field grow">
            <span className="field-label">Min stake</span>
            <input name="minStake" inputMode="decimal" />
          </label>
          <label className="field grow">
            <span className="field-label">Max stake</span>
            <input name="maxStake" inputMode="decimal" />
          </label>
        </div>
        <label className="check">
          <input name="marketMaker" type="checkbox" /> Quote prices with the market maker
        </label>
        <ErrorNote error={create.error} />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Create event
        </button>
      </form>
    </section>
  );
}
