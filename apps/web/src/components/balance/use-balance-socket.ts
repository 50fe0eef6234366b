import { useEffect, useState } from 'react';
import {
  balanceReducer,
  balanceSocketUrl,
  initialBalanceState,
  reconnectDelayMs,
  type BalanceEvent,
  type BalanceState,
} from '../../lib/balance-socket.ts';

/**
 * Holds one balance socket for the signed-in player and reconnects with backoff, except after
 * the server sent `{error}`. The transitions live in the pure `balanceReducer`.
 */
export function useBalanceSocket(userId: string | null, token: string | null): BalanceState {
  const [state, setState] = useState<BalanceState>(initialBalanceState);

  useEffect(() => {
    if (!userId || !token) return;
    let current = initialBalanceState;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const apply = (event: BalanceEvent) => {
      current = balanceReducer(current, event);
      setState(current);
    };

    const connect = () => {
      apply({ type: 'connect' });
      const ws = new WebSocket(balanceSocketUrl(window.location, userId, token));
      socket = ws;
      ws.onopen = () => {
        apply({ type: 'open' });
        ws.send(JSON.stringify({ token }));
      };
      ws.onmessage = (message) => apply({ type: 'message', data: message.data });
      ws.onerror = () => apply({ type: 'error' });
      ws.onclose = () => {
        if (stopped) return;
        apply({ type: 'close' });
        const delay = reconnectDelayMs(current);
        if (delay !== null) timer = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
      setState(initialBalanceState);
    };
  }, [userId, token]);

  return state;
}
