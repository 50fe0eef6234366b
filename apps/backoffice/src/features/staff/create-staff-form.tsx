import { STAFF_ROLES, type StaffRole } from '@backlay/contracts';
import { NewAccountForm } from '../../components/new-account-form.tsx';
import { useChange } from '../../lib/use-change.ts';
import { createStaff, staffKey } from './api.ts';

export function CreateStaffForm() {
  const change = useChange(
    createStaff,
    [staffKey],
    (input) => `${input.email} can now sign in as ${input.role}.`,
  );
  const submit = (data: FormData) => {
    const text = (name: string) => String(data.get(name) ?? '');
    change.run({
      email: text('email'),
      password: text('password'),
      name: text('name'),
      role: text('role') as StaffRole,
    });
  };
  return (
    <NewAccountForm kind="staff" title="Add a staff member" onSubmit={submit} change={change}>
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
    </NewAccountForm>
  );
}
