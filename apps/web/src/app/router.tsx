import { createHashRouter } from 'react-router';
import { paths } from '../paths.ts';
import { setUnauthorizedHandler } from '../lib/api-client.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { AccessGate } from './access-gate.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { ShellLayout } from './shell/shell-layout.tsx';
import { shellRoutes } from './routes.tsx';

/**
 * Hash routing (docs/decisions/0030). The gate decides login / redirect / page; the index and
 * catch-all routes exist only so that every location matches and reaches the gate.
 */
export function createAppRouter() {
  const router = createHashRouter([
    {
      path: paths.root,
      element: <AccessGate />,
      errorElement: <RouteErrorPage />,
      children: [
        { index: true, element: null },
        { path: paths.login, element: <LoginPage /> },
        { element: <ShellLayout />, children: shellRoutes },
        { path: '*', element: null },
      ],
    },
  ]);
  setUnauthorizedHandler(() => void router.navigate(paths.login, { replace: true }));
  return router;
}
