import type { FormEvent, ReactNode } from 'react';
import { DoneNote, ErrorNote } from './notice.tsx';

/** Email, name and password: the fields every console account starts with. */
const FIELDS = [
  ['Email', { name: 'email', type: 'email', autoComplete: 'off' }],
  ['Name', { name: 'name', maxLength: 80 }],
  ['Password', { name: 'password', type: 'password', autoComplete: 'new-password' }],
] as const;

interface NewAccountFormProps {
  /** Names the heading's id; staff passwords are longer than agents'. */
  kind: 'staff' | 'agent' | 'player';
  title: string;
  onSubmit: (data: FormData) => void;
  /** What the last submission did: running, refused, or done. */
  change: { busy: boolean; error: unknown; done: string | null };
  /** The fields after email, name and password. */
  children: ReactNode;
}

/** A form opening an account (a staff member, an agent, a player): email, name, password and its own fields. */
export function NewAccountForm({ kind, title, onSubmit, change, children }: NewAccountFormProps) {
  const titleId = `new-${kind}-title`;
  const minPassword = kind === 'staff' ? 8 : 6;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(new FormData(event.currentTarget));
  };
  return (
    <form className="panel panel-body stack" onSubmit={submit} aria-labelledby={titleId}>
      <h2 id={titleId} className="panel-title">
        {title}
      </h2>
      <div className="filters">
        {FIELDS.map(([label, input]) => (
          <label key={input.name} className="field">
            <span className="field-label">{label}</span>
            <input {...input} {...(input.name === 'password' ? { minLength: minPassword } : {})} required />
          </label>
        ))}
        {children}
        <button type="submit" className="btn btn-primary" disabled={change.busy}>
          Create
        </button>
      </div>
      <ErrorNote error={change.error} />
      <DoneNote text={change.done} />
    </form>
  );
}
