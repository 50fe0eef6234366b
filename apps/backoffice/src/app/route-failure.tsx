import { useRouteError } from 'react-router';

/** A page whose code failed to load (a new build replaced it): reloading fetches the new one. */
export function RouteFailure() {
  const error = useRouteError();
  return (
    <main className="sign-in" id="main">
      <div className="sign-in-card panel" role="alert">
        <h1 className="page-title">This page could not be shown</h1>
        <p className="note">{error instanceof Error ? error.message : 'An unexpected error occurred.'}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
