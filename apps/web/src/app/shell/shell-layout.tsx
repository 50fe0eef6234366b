import { useEffect, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession, saveSession, useSession } from '../../lib/session.ts';
import { paths } from '../../paths.ts';
import { logout } from '../../features/auth/api/logout.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { BalanceProvider } from '../../components/balance/balance-provider.tsx';
import { LaunchOverlay } from '../../components/launch-overlay.tsx';
import { Header } from './header.tsx';
import { Sidebar } from './sidebar.tsx';
import { Carousel } from './carousel.tsx';
import { Footer } from './footer.tsx';
import { useDrawer } from './use-drawer.ts';
import './shell-layout.css';

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

const MAIN_CONTENT_ID = 'main-content';

/** "Skip to content": the first Tab stop; moves focus to the page (a plain `#id` would change the route). */
function SkipLink({ inert }: { inert: boolean }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      inert={inert}
      data-testid="skip-link"
    >
      Skip to content
    </a>
  );
}

export function ShellLayout() {
  const session = useSession();
  const drawer = useDrawer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useConfirmedUser();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const signOut = () => {
    // The request captures the token before the session is cleared; its failure changes nothing.
    void logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  };

  return (
    <BalanceProvider>
      <SkipLink inert={drawer.open} />
      <div className="shell">
        <Header
          userName={session?.user?.name ?? null}
          drawerOpen={drawer.open}
          onToggleDrawer={drawer.toggle}
          onSignOut={signOut}
          toggleRef={drawer.toggleRef}
          inert={drawer.open}
        />
        <Sidebar open={drawer.open} onClose={drawer.close} />
        <div className="shell-main" inert={drawer.open}>
          <Carousel />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="shell-content" data-testid="page">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <LaunchOverlay />
    </BalanceProvider>
  );
}
