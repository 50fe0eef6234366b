import { useState } from 'react';
import { CreateAgentForm } from './create-agent-form.tsx';
import { CreatePlayerForm } from './create-player-form.tsx';

type Kind = 'agent' | 'player';

/**
 * Two buttons that open the form creating a child of the agent on screen, one at a time: an agent
 * creates now and then but reads the list every visit, so on a phone the list comes first.
 */
export function CreateChild({ parentId }: { parentId: string | undefined }) {
  const [open, setOpen] = useState<Kind | null>(null);
  const opener = (kind: Kind, label: string) => (
    <button
      type="button"
      className="btn"
      aria-expanded={open === kind}
      onClick={() => setOpen((current) => (current === kind ? null : kind))}
    >
      {label}
    </button>
  );
  return (
    <div className="stack">
      <div className="row">
        {opener('agent', 'New agent')}
        {opener('player', 'New player')}
      </div>
      {open === 'agent' && <CreateAgentForm parentId={parentId} />}
      {open === 'player' && <CreatePlayerForm parentId={parentId} />}
    </div>
  );
}
