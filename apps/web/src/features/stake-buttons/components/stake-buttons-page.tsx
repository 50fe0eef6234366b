import { useState } from 'react';
import { useStakeButtons, type StakeButtons } from '../api/get-stake-buttons.ts';
import { useUpdateStakeButtons } from '../api/update-stake-buttons.ts';
import { DEFAULT_PRESETS, parsePresets, toDrafts, type PresetDraft } from '../presets.ts';
import { PresetRows } from './preset-rows.tsx';
import './stake-buttons.css';

const TABS = [
  { key: 'game', label: 'Game Buttons' },
  { key: 'casino', label: 'Casino Buttons' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export const SAVE_UNAVAILABLE_TEXT =
  'Saving stake buttons is not available yet. The default values are in use.';

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

function StakeButtonsForm({ saved, canSave }: { saved: StakeButtons | undefined; canSave: boolean }) {
  const [tab, setTab] = useState<TabKey>('game');
  const [drafts, setDrafts] = useState<Record<TabKey, PresetDraft[]>>(() => ({
    game: toDrafts(saved?.game ?? DEFAULT_PRESETS),
    casino: toDrafts(saved?.casino ?? DEFAULT_PRESETS),
  }));
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateStakeButtons();

  const onChange = (index: number, draft: PresetDraft) => {
    setMessage(null);
    setDrafts((current) => ({ ...current, [tab]: current[tab].map((d, i) => (i === index ? draft : d)) }));
  };

  const onUpdate = () => {
    const game = parsePresets(drafts.game);
    const casino = parsePresets(drafts.casino);
    if (!game || !casino) {
      setTab(game ? 'casino' : 'game');
      setMessage('Please correct the highlighted rows.');
      return;
    }
    update.mutate(
      { game, casino },
      {
        onSuccess: () => setMessage('Stake buttons updated.'),
        onError: (error) => setMessage(`Could not save: ${error.message}`),
      },
    );
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
            disabled={!canSave || update.isPending}
            onClick={onUpdate}
            data-testid="stake-update"
          >
            Update
          </button>
          {message && (
            <p className="note" role="status" data-testid="stake-message">
              {message}
            </p>
          )}
          {!canSave && (
            <p className="note" data-testid="stake-unavailable">
              {SAVE_UNAVAILABLE_TEXT}
            </p>
          )}
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
      {query.isPending ? (
        <div className="panel empty-state">Loading…</div>
      ) : (
        <StakeButtonsForm saved={query.data} canSave={query.isSuccess} />
      )}
    </section>
  );
}
