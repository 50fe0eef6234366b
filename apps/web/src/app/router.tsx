import { createHashRouter } from 'react-router';
import { paths } from '../paths.ts';
import { setUnauthorizedHandler } from '../lib/unauthorized.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { AccessGate } from './access-gate.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import { shellRoutes } from './routes.tsx';

/**
 * The shell brings the query cache with it: server data is only read inside the shell, and a cache
 * that lives and dies with the shell starts empty after every sign-in (the shell is never mounted
 * while the login page shows).
 */
async function loadSignedInShell() {
  const [{ ShellLayout }, { AppProvider }] = await Promise.all([
    import('./shell/shell-layout.tsx'),
    import('./provider.tsx'),
  ]);
  const SignedInShell = () => (
    <AppProvider>
      <ShellLayout />
    </AppProvider>
  );
  return { Component: SignedInShell };
}

// Never shown: main.tsx renders once the first page's chunks have loaded (the HTML's own page stays
// until then, docs/decisions/0090); declaring it keeps the router quiet about it.
const LoadingPage = () => null;

/**
 * Hash routing (docs/decisions/0030). The gate decides login / redirect / page; the index and
 * catch-all routes exist only so that every location matches and reaches the gate. The login page
 * is in the entry chunk (the gate shows it at any path without a token); the shell and every page
 * inside it load on demand (docs/decisions/0081).
 */
export function createAppRouter() {
  const router = createHashRouter([
    {
      path: paths.root,
      element: <AccessGate />,
      errorElement: <RouteErrorPage />,
      HydrateFallback: LoadingPage,
      children: [
        { index: true, element: null },
        { path: paths.login, element: <LoginPage /> },
        { lazy: loadSignedInShell, children: shellRoutes },
        { path: '*', element: null },
      ],
    },
  ]);
  setUnauthorizedHandler(() => void router.navigate(paths.login, { replace: true }));
  return router;
}
