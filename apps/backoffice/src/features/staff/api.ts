import { staffListSchema, staffResponseSchema, type StaffRole } from '@backlay/contracts';
import { http } from '../../lib/http.ts';

export const staffKey = ['staff'] as const;

export const fetchStaff = (signal?: AbortSignal) =>
  http('/api/admin/staff', { schema: staffListSchema, signal });

export type NewStaff = { email: string; password: string; name: string; role: StaffRole };

export const createStaff = (input: NewStaff) =>
  http('/api/admin/staff', { method: 'POST', body: input, schema: staffResponseSchema });

export type StaffChange = { id: string; role?: StaffRole; disabled?: boolean };

export const changeStaff = ({ id, ...change }: StaffChange) =>
  http(`/api/admin/staff/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: change,
    schema: staffResponseSchema,
  });
