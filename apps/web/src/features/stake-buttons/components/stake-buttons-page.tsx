import { useState } from 'react';
import type { StakeButtons } from '@backlay/contracts';
import { useStakeButtons } from '../../../lib/stake-buttons-query.ts';
import { useUpdateStakeButtons } from '../api/update-stake-buttons.ts';
import {
  FIX_ROWS_TEXT,
  LOAD_FAILED_TEXT,
  SAVED_TEXT,
  buildStakeButtons,
  saveFailureText,
  toDrafts,
  type PresetDraft,
} from '../presets.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { PresetRows } from './preset-rows.tsx';
import './stake-buttons.css';

const TABS = [
  { key: 'game', label: 'Game Buttons' },
  { key: 'casino', label: 'Casino Buttons' },
] as const;
type TabKey = keyof StakeButtons;

interface Message {
  text: string;
  tone: 'success' | 'error';
}

function StakeTabs({ tab, onTab }: { tab: TabKey; onTab: (tab: TabKey) => void }) {
  return (
    <div className="stake-tabs" role="tablist">
      {TABS.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={tab === item.key}
          className="stake-tab"
          onClick={() => onTab(item.key)}
          data-testid="stake-tab"
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

function StakeMessage({ message }: { message: Message }) {
  return (
    <p
      className={message.tone === 'success' ? 'note stake-success' : 'error-text'}
      role={message.tone === 'success' ? 'status' : 'alert'}
      data-state={message.tone}
      data-testid="stake-message"
    >
      {message.text}
    </p>
  );
}

/** Both tabs are edited together and saved with one Update, as the server stores them as one body. */
function StakeButtonsForm({ saved }: { saved: StakeButtons }) {
  const [tab, setTab] = useState<TabKey>('game');
  const [drafts, setDrafts] = useState<Record<TabKey, PresetDraft[]>>(() => ({
    game: toDrafts(saved.game),
    casino: toDrafts(saved.casino),
  }));
  const [message, setMessage] = useState<Message | null>(null);
  const update = useUpdateStakeButtons();

  const onChange = (index: number, draft: PresetDraft) => {
    setMessage(null);
    setDrafts((current) => ({ ...current, [tab]: current[tab].map((d, i) => (i === index ? draft : d)) }));
  };

  const onUpdate = () => {
    const built = buildStakeButtons(drafts);
    if (!built.ok) {
      setTab(built.tab);
      setMessage({ text: FIX_ROWS_TEXT, tone: 'error' });
      return;
    }
    setMessage(null);
    update.mutate(built.body, {
      onSuccess: () => setMessage({ text: SAVED_TEXT, tone: 'success' }),
      onError: (error) => setMessage({ text: saveFailureText(error), tone: 'error' }),
    });
  };

  return (
    <div className="panel">
      <StakeTabs tab={tab} onTab={setTab} />
      <div className="panel-body">
        <PresetRows key={tab} drafts={drafts[tab]} onChange={onChange} />
        <div className="stake-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={update.isPending}
            onClick={onUpdate}
            data-testid="stake-update"
          >
            {update.isPending ? 'Updating…' : 'Update'}
          </button>
          {message && <StakeMessage message={message} />}
        </div>
      </div>
    </div>
  );
}

export function StakeButtonsPage() {
  const query = useStakeButtons();
  return (
    <section className="page" data-testid="stake-buttons">
      <h1 className="page-title">Set Button Value</h1>
      {query.data ? (
        <StakeButtonsForm saved={query.data} />
      ) : query.isError ? (
        <LoadError
          text={LOAD_FAILED_TEXT}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="panel panel-body"
          testId="stake-load-error"
          retryTestId="stake-retry"
        />
      ) : (
        <div className="panel empty-state" data-testid="stake-loading">
          Loading…
        </div>
      )}
    </section>
  );
}
