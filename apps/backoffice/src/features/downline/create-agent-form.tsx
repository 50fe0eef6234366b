import { NewAccountForm } from '../../components/new-account-form.tsx';
import { useChange } from '../../lib/use-change.ts';
import { createAgent, downlineKey, type NewAgent } from './api.ts';

/** The optional amounts of a new agent, as the API names them. */
const AMOUNTS = [
  ['creditReference', 'Credit reference'],
  ['openingChips', 'Opening chips'],
] as const;

/** A new agent one level below the account on screen (the caller's own level when none is chosen). */
export function CreateAgentForm({ parentId }: { parentId: string | undefined }) {
  const change = useChange(
    createAgent,
    [downlineKey],
    (input) => `${input.email} can now sign in as an agent.`,
  );
  const submit = (data: FormData) => {
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const input: NewAgent = {
      email: text('email'),
      password: String(data.get('password') ?? ''),
      name: text('name'),
      sharePercent: Number(text('sharePercent')),
      ...(parentId ? { parentId } : {}),
    };
    for (const [field] of AMOUNTS) {
      const amount = text(field);
      if (amount) input[field] = amount;
    }
    change.run(input);
  };
  return (
    <NewAccountForm kind="agent" title="Create agent" onSubmit={submit} change={change}>
      <label className="field">
        <span className="field-label">Share %</span>
        <input name="sharePercent" type="number" required min={0} max={100} step={0.01} />
      </label>
      {AMOUNTS.map(([field, label]) => (
        <label key={field} className="field">
          <span className="field-label">{label}</span>
          <input name={field} inputMode="decimal" placeholder="0.00" />
        </label>
      ))}
    </NewAccountForm>
  );
}
