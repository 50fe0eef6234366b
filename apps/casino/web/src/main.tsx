import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';

const GamePage = lazy(() => import('./frame/game-page.tsx'));
const VerifyPage = lazy(() => import('./verify/verify-page.tsx'));

function App() {
  const path = window.location.pathname;
  if (path.startsWith('/play/')) return <GamePage />;
  if (path === '/verify') return <VerifyPage />;
  return (
    <main className="message-page">
      <h1>Page not found</h1>
      <a className="button" href="/verify">
        Open the fairness verifier
      </a>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={<p className="boot">Loading…</p>}>
      <App />
    </Suspense>
  </StrictMode>,
);
