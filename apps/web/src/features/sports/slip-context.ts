import { createContext, useContext } from 'react';
import type { BetSide } from '@backlay/contracts';

/** What a price cell hands the bet slip. `price` null: nobody quotes this side yet. */
export interface SlipSelection {
  marketId: string;
  marketType: string;
  marketName: string;
  eventName: string;
  runnerId: string;
  runnerName: string;
  side: BetSide;
  price: number | null;
}

/** Opens the page's bet slip; pages without one ignore clicks. */
export const SlipContext = createContext<(selection: SlipSelection) => void>(() => undefined);

export const useOpenSlip = () => useContext(SlipContext);

/** The result of the last placement, shown in the page's live region (`SlipNotice`). */
export const SlipNoticeContext = createContext<string | null>(null);
