import { ok, transactionResult, type Result } from '../../platform/rejections.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { lockMarketStatus, recordLineResults, recordSourceResult } from '../sports/index.ts';
import { feedRefusal } from './errors.ts';
import { lockFeedMarket, savePendingResult } from './feeds-repo.ts';
import type { FeedsModule } from './module.ts';

/**
 * A trader confirms the result the source gave a market of a `settleFrom: 'trader'` feed
 * (docs/decisions/0270): it is recorded as the source's result would have been, audited, and the
 * exchange settles the market.
 */
export async function confirmResult(
  feeds: FeedsModule,
  feedId: string,
  marketId: string,
  actor: AuditActor,
): Promise<Result<null>> {
  const confirmed = await transactionResult(feeds.deps.db, async (tx) => {
    const row = await lockFeedMarket(tx, feedId, marketId);
    if (!row) return feedRefusal('NOT_MIRRORED', 'This feed mirrors no such market.');
    if (!row.pendingResult) return feedRefusal('NO_PENDING_RESULT');
    const status = await lockMarketStatus(tx, marketId);
    await recordSourceResult(tx, marketId, row.pendingResult);
    const lines = await recordLineResults(tx, [marketId]);
    await savePendingResult(tx, marketId, null);
    await recordAudit(tx, actor, {
      action: 'feed result confirm',
      target: `market:${marketId}`,
      before: { status },
      after: { winners: row.pendingResult.winnerRunnerIds },
    });
    return ok(lines);
  });
  if (!confirmed.ok) return confirmed;
  // The market's bookmaker line (docs/decisions/0278) settles on the same result.
  feeds.deps.exchange.marketsChanged([marketId, ...confirmed.value]);
  return ok(null);
}
