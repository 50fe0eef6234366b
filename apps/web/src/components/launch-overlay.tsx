import { useEffect, useRef, type KeyboardEvent } from 'react';
import { dismissLaunchFailure, setLaunching, useLaunchState } from '../lib/launch-store.ts';
import './launch-overlay.css';

/** The player's way back from a game page may restore this page from the back-forward cache. */
function useEndLaunchOnReturn() {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLaunching(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}

function LaunchFailure({ message }: { message: string }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Back to the tile or link that started the launch once the notice closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') dismissLaunchFailure();
    // The notice is modal: Tab stays on its only control.
    if (event.key === 'Tab') event.preventDefault();
  };
  return (
    <div className="launch-overlay" data-testid="launch-failure-backdrop">
      <div
        className="launch-failure"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="launch-failure-title"
        aria-describedby="launch-failure-text"
        onKeyDown={onKeyDown}
        data-testid="launch-failure"
      >
        <h2 id="launch-failure-title" className="launch-failure-title">
          The game could not be opened
        </h2>
        <p id="launch-failure-text" data-testid="launch-failure-text">
          {message}
        </p>
        <button
          ref={closeRef}
          type="button"
          className="btn btn-primary"
          onClick={dismissLaunchFailure}
          data-testid="launch-failure-close"
        >
          Close
        </button>
      </div>
    </div>
  );
}

/** Covers the page while a game launch is under way, and tells the player when it failed. */
export function LaunchOverlay() {
  const state = useLaunchState();
  useEndLaunchOnReturn();
  if (state.phase === 'failed') return <LaunchFailure message={state.message} />;
  if (state.phase !== 'launching') return null;
  return (
    <div className="launch-overlay" role="status" aria-live="polite" data-testid="launch-overlay">
      <span className="spinner" aria-hidden="true" />
      <span>Launching game…</span>
    </div>
  );
}
