import type { ReactNode } from 'react';
import { useSession } from '../../lib/session.ts';
import { BalanceContext } from './balance-context.ts';
import { useBalanceSocket } from './use-balance-socket.ts';

/** One balance socket per tab, shared by the header and About us. */
export function BalanceProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const state = useBalanceSocket(session?.user?.id ?? null, session?.token ?? null);
  return <BalanceContext value={state}>{children}</BalanceContext>;
}
