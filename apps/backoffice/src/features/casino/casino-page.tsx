import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { PageHead } from '../../components/page-head.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useMay } from '../../lib/permissions.ts';
import { useChange } from '../../lib/use-change.ts';
import {
  fetchCallbacks,
  type Answers,
  fetchProvider,
  fetchRounds,
  fetchSessions,
  providerKey,
  switchProvider,
} from './api.ts';
import { CasinoList } from './casino-list.tsx';
import { CALLBACK_COLUMNS, ROUND_COLUMNS, SESSION_COLUMNS } from './columns.ts';

const LISTS = { sessions: 'Game sessions', rounds: 'Rounds', callbacks: 'Wallet callbacks' } as const;
type ListName = keyof typeof LISTS;
/** Wallet callbacks by their answer (the other lists ignore it). */
const ANSWERS: Record<Answers, string> = {
  all: 'Accepted and refused',
  refused: 'Refused only',
  accepted: 'Accepted only',
};

export default function CasinoPage() {
  const [list, setList] = useState<ListName>('sessions');
  const [player, setPlayer] = useState<string | undefined>();
  const [answers, setAnswers] = useState<Answers>('all');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setList(data.get('list') as ListName);
    setPlayer(String(data.get('player') ?? '').trim() || undefined);
    setAnswers(data.get('answers') as Answers);
  };
  return (
    <section className="page">
      <PageHead title="Casino" />
      <ProviderSwitch />
      <form className="filters" onSubmit={submit} aria-label="Casino lists">
        <label className="field">
          <span className="field-label">List</span>
          <select name="list" defaultValue={list}>
            {Object.entries(LISTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field-label">Player id</span>
          <input name="player" />
        </label>
        <label className="field">
          <span className="field-label">Callbacks</span>
          <select name="answers" defaultValue={answers}>
            {Object.entries(ANSWERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-secondary">
          Show
        </button>
      </form>
      {list === 'sessions' && (
        <CasinoList
          name="sessions"
          label={LISTS.sessions}
          player={player}
          columns={SESSION_COLUMNS}
          rowKey={(row) => row.id}
          load={fetchSessions}
        />
      )}
      {list === 'rounds' && (
        <CasinoList
          name="rounds"
          label={LISTS.rounds}
          player={player}
          columns={ROUND_COLUMNS}
          rowKey={(row) => row.betId}
          load={fetchRounds}
        />
      )}
      {list === 'callbacks' && (
        <CasinoList
          name={answers === 'all' ? 'callbacks' : `callbacks-${answers}`}
          label={LISTS.callbacks}
          player={player}
          columns={CALLBACK_COLUMNS}
          rowKey={(row) => row.id}
          load={fetchCallbacks(answers)}
        />
      )}
    </section>
  );
}

/** The provider's switch: off, no game launches and no bet is taken. */
function ProviderSwitch() {
  const mayTrade = useMay('trading');
  const query = useQuery({ queryKey: providerKey, queryFn: ({ signal }) => fetchProvider(signal) });
  const change = useChange(switchProvider, [providerKey], ({ enabled }) =>
    enabled ? 'Casino games are on.' : 'Casino games are off.',
  );
  const provider = query.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim() || undefined;
    if (provider) change.run({ enabled: !provider.enabled, reason });
  };
  return (
    <section className="panel panel-body stack" aria-labelledby="provider-title">
      <h2 id="provider-title" className="panel-title">
        Provider: {provider ? (provider.enabled ? 'on' : 'off') : '…'}
      </h2>
      {provider?.changedAt && (
        <p className="note">
          Last switched by {provider.changedBy} at {formatDateTime(provider.changedAt)}
        </p>
      )}
      {mayTrade && provider && (
        <form className="row align-end" onSubmit={submit}>
          <label className="field grow">
            <span className="field-label">Reason (optional)</span>
            <input name="reason" maxLength={500} />
          </label>
          <button
            type="submit"
            className={provider.enabled ? 'btn btn-danger' : 'btn btn-secondary'}
            disabled={change.busy}
          >
            {provider.enabled ? 'Switch off' : 'Switch on'}
          </button>
        </form>
      )}
      <ErrorNote error={query.error ?? change.error} />
      <DoneNote text={change.done} />
    </section>
  );
}
