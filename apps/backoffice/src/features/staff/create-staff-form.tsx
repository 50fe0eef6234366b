import { STAFF_ROLES, type StaffRole } from '@backlay/contracts';
import type { FormEvent } from 'react';
import { DoneNote, ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { createStaff, staffKey } from './api.ts';

export function CreateStaffForm() {
  const change = useChange(
    createStaff,
    [staffKey],
    (input) => `${input.email} can now sign in as ${input.role}.`,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    change.run({
      email: text('email'),
      password: text('password'),
      name: text('name'),
      role: text('role') as StaffRole,
    });
  };
  return (
    <form className="panel panel-body stack" onSubmit={submit} aria-labelledby="new-staff-title">
      <h2 id="new-staff-title" className="panel-title">
        Add a staff member
      </h2>
      <div className="filters">
        <label className="field">
          <span className="field-label">Email</span>
          <input name="email" type="email" required autoComplete="off" />
        </label>
        <label className="field">
          <span className="field-label">Name</span>
          <input name="name" required maxLength={80} />
        </label>
        <label className="field">
          <span className="field-label">Password</span>
          <input name="password" type="password" required minLength={8} autoComplete="new-password" />
        </label>
        <label className="field">
          <span className="field-label">Role</span>
          <select name="role" defaultValue="viewer">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={change.busy}>
          Create
        </button>
      </div>
      <ErrorNote error={change.error} />
      <DoneNote text={change.done} />
    </form>
  );
}
