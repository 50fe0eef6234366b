import { adminTablesResponseSchema } from '@backlay/contracts';
import { http } from '../../lib/http.ts';

export const tablesKey = ['tables'] as const;

export const fetchTables = (signal?: AbortSignal) =>
  http('/api/admin/tables', { schema: adminTablesResponseSchema, signal });

const tablePath = (id: string) => `/api/admin/tables/${encodeURIComponent(id)}`;

/** Pausing lets the round in play finish, then opens no new one; resuming opens one at once. */
export const setTableRunning = ({ id, running }: { id: string; running: boolean }) =>
  http(`${tablePath(id)}/${running ? 'resume' : 'pause'}`, { method: 'POST' });

export const voidRound = ({ id, roundId, reason }: { id: string; roundId: number; reason: string }) =>
  http(`${tablePath(id)}/rounds/${roundId}/void`, { method: 'POST', body: { reason } });
