import type { FeedMarket } from '@backlay/contracts';
import { ErrorNote } from '../../components/notice.tsx';
import { useChange } from '../../lib/use-change.ts';
import { confirmFeedResult, feedsKey } from './api.ts';

/** A trader settles a mirrored market by the result the source gave it (a feed that waits for one). */
export function ConfirmResult({ feedId, market }: { feedId: string; market: FeedMarket }) {
  const confirm = useChange(confirmFeedResult, [feedsKey], () => 'Result confirmed.');
  if (!market.resultPending) return null;
  return (
    <div className="row">
      <button
        type="button"
        className="btn btn-primary btn-small"
        disabled={confirm.busy}
        onClick={() => confirm.run({ id: feedId, marketId: market.marketId })}
      >
        Confirm result
      </button>
      <ErrorNote error={confirm.error} />
    </div>
  );
}
