import { useState } from 'react';
import { Link } from 'react-router';
import type { LastResult } from '@backlay/contracts';
import { paths } from '../../../paths.ts';
import { resultChipText } from '../round-summary.ts';
import { RoundDetailDialog } from './round-detail-dialog.tsx';

/** Last Result: a chip per recent round (newest first) that opens its detail, and View All. */
export function LastResults({ results, short = false }: { results: readonly LastResult[]; short?: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section className="panel" aria-labelledby="last-results-title">
      <div className="panel-head">
        <h2 id="last-results-title" className="panel-title">
          Last Result
        </h2>
        <Link to={paths.casinoResult} className="view-all">
          View All
        </Link>
      </div>
      {results.length === 0 ? (
        <p className="panel-body note">No results yet</p>
      ) : (
        <ul className="result-chips" data-testid="last-results">
          {results.map((result) => (
            <li key={result.roundId}>
              <button
                type="button"
                className={short ? 'result-chip result-chip-short' : 'result-chip'}
                aria-label={`Round ${result.roundId}: ${result.winner}`}
                onClick={() => setOpen(result.roundId)}
                data-testid="result-chip"
                data-round={result.roundId}
              >
                {short ? resultChipText(result.winner) : result.winner}
              </button>
            </li>
          ))}
        </ul>
      )}
      <RoundDetailDialog roundId={open} onClose={() => setOpen(null)} />
    </section>
  );
}
