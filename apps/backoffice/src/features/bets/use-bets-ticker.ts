import { adminBetsTickerSchema, type AdminBet } from '@backlay/contracts';
import { useEffect, useState } from 'react';
import { useStreamTopic, type StreamState } from '../../lib/stream-topic.ts';
import { markFresh, mergeTicker, type Fresh } from './ticker.ts';

/** How long a new row stays marked. */
export const NEW_ROW_MS = 4_000;

type Ticker = { rows: AdminBet[]; ready: boolean; fresh: Fresh };

/**
 * Every product's newest bets as they are placed, from the stream topic `admin-bets`
 * (docs/decisions/0253): the snapshot fills the rows, each update adds or replaces some. Rows added
 * after the first snapshot are fresh for NEW_ROW_MS.
 */
export function useBetsTicker(enabled: boolean): Ticker & { state: StreamState } {
  const [ticker, setTicker] = useState<Ticker>({ rows: [], ready: false, fresh: new Map() });
  const state = useStreamTopic(
    'admin-bets',
    (message) => {
      const parsed = adminBetsTickerSchema.safeParse(message.data);
      if (!parsed.success) return;
      setTicker((current) => {
        const { rows, added } = mergeTicker(current.rows, parsed.data.bets);
        // The first rows of a page are not news; a renewal's snapshot brings only what was missed.
        const news = current.ready ? added : [];
        return { rows, ready: true, fresh: markFresh(current.fresh, news, Date.now(), NEW_ROW_MS) };
      });
    },
    enabled,
  );

  // Unmarks rows as their time runs out, however often bets arrive.
  const { fresh } = ticker;
  useEffect(() => {
    if (fresh.size === 0) return;
    const next = Math.min(...fresh.values());
    const timer = setTimeout(
      () => setTicker((current) => ({ ...current, fresh: markFresh(current.fresh, [], Date.now(), 0) })),
      Math.max(0, next - Date.now()) + 10,
    );
    return () => clearTimeout(timer);
  }, [fresh]);

  return { ...ticker, state };
}
