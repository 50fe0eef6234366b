import { EmptyState } from '../../../components/empty-state.tsx';

/** The game page casino tiles open; the game itself arrives with the in-house games. */
export function AviatorPage() {
  return (
    <section className="page" data-testid="aviator">
      <h1 className="page-title">Aviator</h1>
      <div className="panel">
        <EmptyState testId="aviator-empty">No game is running here yet.</EmptyState>
      </div>
    </section>
  );
}
