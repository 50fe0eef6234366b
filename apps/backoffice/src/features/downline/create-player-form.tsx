import { NewAccountForm } from '../../components/new-account-form.tsx';
import { useChange } from '../../lib/use-change.ts';
import { createPlayer, downlineKey, type NewPlayer } from './api.ts';

/**
 * A new player under the agent on screen (the signed-in agent, or the house for staff at the top); its
 * opening credit comes from that agent's chips.
 */
export function CreatePlayerForm({ parentId }: { parentId: string | undefined }) {
  const change = useChange(
    createPlayer,
    [downlineKey],
    (input) => `${input.email} can now sign in and play.`,
  );
  const submit = (data: FormData) => {
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const openingCredit = text('openingCredit');
    const input: NewPlayer = {
      email: text('email'),
      password: String(data.get('password') ?? ''),
      name: text('name'),
      ...(parentId ? { parentId } : {}),
      ...(openingCredit ? { openingCredit } : {}),
    };
    change.run(input);
  };
  return (
    <NewAccountForm kind="player" title="Create player" onSubmit={submit} change={change}>
      <label className="field">
        <span className="field-label">Opening credit</span>
        <input name="openingCredit" inputMode="decimal" placeholder="0.00" />
      </label>
    </NewAccountForm>
  );
}
