import { Navigate, Outlet, useLocation } from 'react-router';
import { resolveAccess } from '../lib/access.ts';
import { useSession } from '../lib/session.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';

/** Applies the access rules (see lib/access.ts) before any page renders. */
export function AccessGate() {
  const session = useSession();
  const { pathname } = useLocation();
  const access = resolveAccess(pathname, session !== null);
  if (access.kind === 'login') return <LoginPage />;
  if (access.kind === 'redirect') return <Navigate to={access.to} replace />;
  return <Outlet />;
}
