import { Navigate, Outlet, useLocation } from 'react-router';
import { useStaffSession } from '../lib/staff-session.ts';
import { paths } from '../paths.ts';

/** Without a staff session every route leads to sign-in; with one, sign-in leads home. */
export function Gate() {
  const session = useStaffSession();
  const { pathname } = useLocation();
  const onSignIn = pathname === paths.signIn;
  if (!session && !onSignIn) return <Navigate to={paths.signIn} replace />;
  if (session && onSignIn) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
