import { STAFF_ROLES, type Staff, type StaffRole } from '@backlay/contracts';
import { useQuery } from '@tanstack/react-query';
import type { Column } from '@backlay/front-kit/data-table';
import { ListPage } from '../../components/list-page.tsx';
import { DoneNote } from '../../components/notice.tsx';
import { useMay } from '../../lib/permissions.ts';
import { useChange } from '../../lib/use-change.ts';
import { changeStaff, fetchStaff, staffKey } from './api.ts';
import { CreateStaffForm } from './create-staff-form.tsx';

const COLUMNS: readonly Column<Staff>[] = [
  { header: 'Email', text: (staff) => staff.email },
  { header: 'Name', text: (staff) => staff.name },
  { header: 'Role', text: (staff) => staff.role },
  { header: 'Disabled', text: (staff) => (staff.disabled ? 'yes' : 'no') },
  { header: 'Id', text: (staff) => staff.id },
];

/** The owner's page: staff accounts, their roles, and disabling one (signed out at once). */
export default function StaffPage() {
  const isOwner = useMay('staff');
  const query = useQuery({
    queryKey: staffKey,
    queryFn: ({ signal }) => fetchStaff(signal),
    enabled: isOwner,
  });
  const change = useChange(changeStaff, [staffKey], (input) =>
    input.role ? `Role changed to ${input.role}.` : input.disabled ? 'Account disabled.' : 'Account enabled.',
  );
  if (!isOwner) return <p className="empty-state">Only an owner manages staff.</p>;
  const rows = query.data?.items ?? [];
  const changeColumn: Column<Staff> = {
    header: 'Change',
    cell: (staff) => (
      <div className="row">
        <label className="visually-hidden" htmlFor={`role-${staff.id}`}>
          Role of {staff.email}
        </label>
        <select
          id={`role-${staff.id}`}
          value={staff.role}
          disabled={change.busy}
          onChange={(event) => change.run({ id: staff.id, role: event.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          disabled={change.busy}
          onClick={() => change.run({ id: staff.id, disabled: !staff.disabled })}
        >
          {staff.disabled ? 'Enable' : 'Disable'}
        </button>
      </div>
    ),
  };
  return (
    <ListPage
      title="Staff"
      csv={{ name: 'staff' }}
      filters={<CreateStaffForm />}
      error={query.error ?? change.error}
      notes={<DoneNote text={change.done} />}
      label="Staff"
      columns={[...COLUMNS, changeColumn]}
      rows={rows}
      rowKey={(staff) => staff.id}
      loading={query.isPending}
      emptyText="No staff."
    />
  );
}
