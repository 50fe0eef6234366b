import { useRouteError } from 'react-router';
import { ROUTE_ERROR_TITLE, routeErrorMessage } from './route-error.ts';
import { useSession } from '../lib/session.ts';
import { paths } from '../paths.ts';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import './route-error-page.css';

export function RouteErrorPage() {
  const error = useRouteError();
  const session = useSession();
  // Without a token every path shows the login screen, a failing one included.
  if (!session) return <LoginPage />;
  return (
    <main className="route-error" data-testid="route-error">
      <h1 className="visually-hidden">Error</h1>
      <h2>{ROUTE_ERROR_TITLE}</h2>
      <h3 data-testid="route-error-message">{routeErrorMessage(error)}</h3>
      <a className="btn btn-primary" href={`#${paths.home}`}>
        Back to home
      </a>
    </main>
  );
}
