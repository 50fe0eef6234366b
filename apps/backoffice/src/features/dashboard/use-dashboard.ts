import { dashboardSchema, type Dashboard } from '@backlay/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../lib/http.ts';
import { getStaffSession } from '../../lib/staff-session.ts';

const DASHBOARD_KEY = ['dashboard'] as const;
/** The stream topic the server pushes the dashboard on. */
const TOPIC = 'admin-dashboard';
const RECONNECT_MS = 3_000;
/** Without the socket the page still refreshes, slower. */
const FALLBACK_POLL_MS = 15_000;

export type StreamState = 'connecting' | 'live' | 'offline';

const streamUrl = () =>
  `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/ws/stream`;

/**
 * The dashboard: read once over HTTP, then kept current by the stream socket's `admin-dashboard`
 * topic (its snapshot and every change replace the figures); polls slowly while the socket is down.
 */
export function useDashboard() {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const query = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => http('/api/admin/dashboard', { schema: dashboardSchema, signal }),
    refetchInterval: state === 'live' ? false : FALLBACK_POLL_MS,
  });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      const token = getStaffSession()?.token;
      if (!token || stopped) return;
      socket = new WebSocket(streamUrl());
      socket.onopen = () => socket?.send(JSON.stringify({ token }));
      socket.onmessage = (event) => {
        const message = readMessage(event.data);
        if (message === 'ready') {
          socket?.send(JSON.stringify({ sub: TOPIC }));
          setState('live');
        } else if (message) client.setQueryData<Dashboard>(DASHBOARD_KEY, message);
      };
      socket.onclose = () => {
        setState('offline');
        if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [client]);

  return { query, state };
}

/** `ready`, a dashboard from the topic, or null for anything else (errors, other kinds). */
function readMessage(raw: unknown): 'ready' | Dashboard | null {
  try {
    const message = JSON.parse(String(raw)) as { ready?: unknown; kind?: unknown; data?: unknown };
    if (message.ready === true) return 'ready';
    if (message.kind !== TOPIC) return null;
    const parsed = dashboardSchema.safeParse(message.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
