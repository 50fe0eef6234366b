import { useLaunching } from '../lib/launch-store.ts';
import './launch-overlay.css';

/** Covers the page while a game launch request is under way. */
export function LaunchOverlay() {
  const launching = useLaunching();
  if (!launching) return null;
  return (
    <div className="launch-overlay" role="status" aria-live="polite" data-testid="launch-overlay">
      <span className="spinner" aria-hidden="true" />
      <span>Launching game…</span>
    </div>
  );
}
