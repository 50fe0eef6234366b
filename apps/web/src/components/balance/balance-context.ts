import { createContext, useContext } from 'react';
import { initialBalanceState, type BalanceState } from '../../lib/balance-socket.ts';

export const BalanceContext = createContext<BalanceState>(initialBalanceState);

export function useBalance(): BalanceState {
  return useContext(BalanceContext);
}
