import { dashboardSchema, type Dashboard } from '@backlay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useStreamTopic } from '../../lib/stream-topic.ts';

export type { StreamState } from '../../lib/stream-topic.ts';

const DASHBOARD_KEY = ['dashboard'] as const;
/** Without the socket the page still refreshes, slower. */
const FALLBACK_POLL_MS = 15_000;

/**
 * The dashboard: read once over HTTP, then kept current by the stream socket's `admin-dashboard`
 * topic (its snapshot and every change replace the figures); polls slowly while the socket is down.
 */
export function useDashboard() {
  const client = useQueryClient();
  const state = useStreamTopic('admin-dashboard', (message) => {
    const parsed = dashboardSchema.safeParse(message.data);
    if (parsed.success) client.setQueryData<Dashboard>(DASHBOARD_KEY, parsed.data);
  });
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => http('/api/admin/dashboard', { schema: dashboardSchema, signal }),
    refetchInterval: state === 'live' ? false : FALLBACK_POLL_MS,
  });
  return { query, state };
}
