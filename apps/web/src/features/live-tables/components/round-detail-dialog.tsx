import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { useResultDetail } from '../api/results.ts';
import { DealtHands } from './card-view.tsx';

/**
 * A round's cards, result and fairness data in a modal dialog (`showModal`: the page behind is inert,
 * Escape closes it and focus returns to the chip or row that opened it).
 */
export function RoundDetailDialog({ roundId, onClose }: { roundId: number | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { data: detail, error, isPending } = useResultDetail(roundId);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (roundId !== null && !element.open) element.showModal();
    if (roundId === null && element.open) element.close();
  }, [roundId]);

  return (
    <dialog
      ref={dialog}
      className="round-dialog"
      aria-labelledby="round-dialog-title"
      onClose={onClose}
      data-testid="round-dialog"
    >
      <div className="round-dialog-head">
        <h2 id="round-dialog-title">Round {roundId ?? ''}</h2>
        <button type="button" className="btn btn-ghost" onClick={onClose} data-testid="round-dialog-close">
          Close
        </button>
      </div>
      {roundId !== null && isPending && <p className="note">Loading…</p>}
      {error && <p role="alert">The round could not be loaded.</p>}
      {detail && detail.roundId === roundId && (
        <div className="round-dialog-body">
          <p className="round-winner" data-testid="round-dialog-winner">
            {detail.tableName}: <strong>{detail.result?.winner ?? detail.status}</strong>
          </p>
          <DealtHands hands={detail.cards} />
          <dl className="fairness">
            <dt>Opened</dt>
            <dd>{formatDateTime(detail.openedAt)}</dd>
            {detail.settledAt && (
              <>
                <dt>Settled</dt>
                <dd>{formatDateTime(detail.settledAt)}</dd>
              </>
            )}
            <dt>Server seed hash</dt>
            <dd className="seed">{detail.serverSeedHash}</dd>
            <dt>Server seed</dt>
            <dd className="seed" data-testid="server-seed">
              {detail.serverSeed ?? 'Revealed when the result is out'}
            </dd>
            <dt>Client seed</dt>
            <dd className="seed">{detail.clientSeed}</dd>
            <dt>Nonce</dt>
            <dd>{detail.nonce}</dd>
          </dl>
        </div>
      )}
    </dialog>
  );
}
