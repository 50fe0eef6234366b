import { useRef, useState } from 'react';
import type { BetResponse, PlaceBetBody } from '@backlay/contracts';
import { placeBet } from '../api/place-bet.ts';
import { newClientRef, refusalText, type StakeLimits } from '../../../lib/betting/index.ts';

type Order = Omit<PlaceBetBody, 'clientRef'>;

/**
 * Sends the slip's bet. The same order sent again (a retry after a lost answer, a double tap) reuses
 * its client reference, so the server answers the first bet instead of placing a second; any change
 * to the order makes a new reference.
 */
export function usePlaceBet(limits: StakeLimits, onPlaced: (response: BetResponse) => void) {
  const attempt = useRef<{ key: string; clientRef: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (order: Order) => {
    const key = JSON.stringify(order);
    if (attempt.current?.key !== key) attempt.current = { key, clientRef: newClientRef() };
    setSending(true);
    setError(null);
    const result = await placeBet({ ...order, clientRef: attempt.current.clientRef });
    setSending(false);
    if (result.ok) {
      attempt.current = null;
      onPlaced(result.value);
    } else {
      setError(refusalText(result, { product: 'exchange', limits }));
    }
  };

  return { submit, sending, error, setError };
}
