import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { saveSession, useSession } from '../../lib/session.ts';
import { useEndSession } from '../../lib/use-end-session.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { BalanceProvider } from '../../components/balance/balance-provider.tsx';
import { LaunchOverlay } from '../../components/launch-overlay.tsx';
import { ShellFrame } from './shell-frame.tsx';
import { useDrawer } from './use-drawer.ts';
import { useAfterPageLoad } from './use-after-page-load.ts';

/** Its own chunk: the reality check waits for its due time, so nothing on the first screen needs it. */
const RealityCheck = lazy(() => import('../../features/reality-check/components/reality-check.tsx'));

/**
 * How long after the page's load event the reality check mounts. The shortest interval a player can
 * choose is 15 minutes, so nothing is due this early; a check already overdue at a reload opens then.
 */
const REALITY_CHECK_AFTER_LOAD_MS = 10_000;

/**
 * Mounts the reality check once the first page has started, so its code, its session request and
 * its styles stay out of that page's start-up work. Its own component: only it renders again then.
 */
function RealityCheckAfterLoad({ onSignOut }: { onSignOut: () => void }) {
  const ready = useAfterPageLoad(REALITY_CHECK_AFTER_LOAD_MS);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck onSignOut={onSignOut} />
    </Suspense>
  );
}

/** Keeps the stored user in step with the server's answer to /api/me (a 401 there signs out). */
function useConfirmedUser(): void {
  const session = useSession();
  const me = useMe(session?.token ?? null);
  useEffect(() => {
    const fresh = me.data?.user;
    if (!session || !fresh) return;
    if (JSON.stringify(fresh) !== JSON.stringify(session.user)) saveSession(session.token, fresh);
  }, [me.data, session]);
}

export function ShellLayout() {
  const session = useSession();
  const drawer = useDrawer();
  const endSession = useEndSession();
  const { pathname } = useLocation();
  useConfirmedUser();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const signOut = () => {
    // The request captures the token before the session is cleared; its failure changes nothing.
    void logout().catch(() => undefined);
    endSession();
  };

  return (
    <BalanceProvider>
      <ShellFrame userName={session?.user?.name ?? null} drawer={drawer} onSignOut={signOut}>
        <Outlet />
      </ShellFrame>
      <LaunchOverlay />
      {session && <RealityCheckAfterLoad onSignOut={signOut} />}
    </BalanceProvider>
  );
}
