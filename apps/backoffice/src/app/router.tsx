import { createHashRouter, Navigate } from 'react-router';
import { SignInPage } from '../features/sign-in/sign-in-page.tsx';
import { paths } from '../paths.ts';
import { Gate } from './gate.tsx';
import { RouteFailure } from './route-failure.tsx';

/** A page's module, loaded when its route is first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Hash routing (docs/decisions/0250): the server sends one index.html for the whole console. Sign-in
 * is in the first script; the shell and every page load on demand.
 */
export function createConsoleRouter() {
  return createHashRouter([
    {
      path: '/',
      element: <Gate />,
      errorElement: <RouteFailure />,
      children: [
        { path: paths.signIn, element: <SignInPage /> },
        {
          lazy: async () => ({ Component: (await import('./shell.tsx')).Shell }),
          children: [
            { index: true, lazy: page(() => import('../features/dashboard/dashboard-page.tsx')) },
            { path: 'players', lazy: page(() => import('../features/players/players-page.tsx')) },
            {
              // A page of the players feature showing the bets feature's list: composed here.
              path: 'players/:id',
              lazy: async () => {
                const [{ default: PlayerPage }, { PlayerBets }] = await Promise.all([
                  import('../features/players/player-page.tsx'),
                  import('../features/bets/player-bets.tsx'),
                ]);
                return { element: <PlayerPage Bets={PlayerBets} /> };
              },
            },
            { path: 'markets', lazy: page(() => import('../features/markets/markets-page.tsx')) },
            { path: 'markets/new', lazy: page(() => import('../features/markets/new-event-page.tsx')) },
            { path: 'markets/:id', lazy: page(() => import('../features/markets/market-page.tsx')) },
            {
              path: 'markets/:id/book',
              lazy: page(() => import('../features/markets/market-book-page.tsx')),
            },
            { path: 'analysis', lazy: page(() => import('../features/markets/market-book-page.tsx')) },
            { path: 'bets', lazy: page(() => import('../features/bets/bets-page.tsx')) },
            { path: 'feeds', lazy: page(() => import('../features/feeds/feeds-page.tsx')) },
            { path: 'games', lazy: page(() => import('../features/games/games-page.tsx')) },
            { path: 'casino', lazy: page(() => import('../features/casino/casino-page.tsx')) },
            { path: 'reports', lazy: page(() => import('../features/reports/reports-page.tsx')) },
            { path: 'audit', lazy: page(() => import('../features/audit/audit-page.tsx')) },
            { path: 'staff', lazy: page(() => import('../features/staff/staff-page.tsx')) },
            { path: 'downline', lazy: page(() => import('../features/downline/downline-page.tsx')) },
            { path: 'downline/:id', lazy: page(() => import('../features/downline/downline-page.tsx')) },
            {
              path: 'downline-pl',
              lazy: page(() => import('../features/agent-reports/downline-pl-page.tsx')),
            },
            { path: 'live-bets', lazy: page(() => import('../features/agent-reports/live-bets-page.tsx')) },
            {
              path: 'accounts/:id/statement',
              lazy: page(() => import('../features/agent-reports/statement-page.tsx')),
            },
            { path: '*', element: <Navigate to={paths.home} replace /> },
          ],
        },
      ],
    },
  ]);
}
