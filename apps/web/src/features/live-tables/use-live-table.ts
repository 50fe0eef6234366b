import { useState } from 'react';
import { tableStreamSchema, type TableState, type TableStream } from '@backlay/contracts';
import { useStreamTopic } from '../../lib/stream-socket.ts';
import { useTable } from './api/tables.ts';
import { currentTable, type LiveTable, type Received } from './live-table-state.ts';

/**
 * A table as it is now: `GET /api/tables/:id` once, then the `table` topic of the stream socket, which
 * sends the round at once and on every phase change.
 */
export function useLiveTable(tableId: string): { live: LiveTable | null; error: Error | null } {
  const query = useTable(tableId);
  const [streamed, setStreamed] = useState<Received<TableStream> | null>(null);
  useStreamTopic('table', tableId, (message) => {
    const parsed = tableStreamSchema.safeParse(message.data);
    if (parsed.success) setStreamed({ message: parsed.data, receivedAtMs: Date.now() });
  });
  const fetched: Received<TableState> | null = query.data
    ? { message: query.data, receivedAtMs: query.dataUpdatedAt }
    : null;
  return {
    live: fetched ? currentTable(fetched, streamed) : null,
    error: query.error,
  };
}
