import { ok, type Result } from '../../platform/rejections.ts';
import type { Deferred } from '../../platform/units/index.ts';
import { readResult } from '../sports/index.ts';
import { commit, type ExchangeContext } from './context.ts';
import { Effects } from './effects.ts';
import { readMarketInfo } from './market-load.ts';
import { houseLadder } from './house-quotes.ts';
import { requote, withdrawQuotes } from './market-maker.ts';
import { holdUntilInPlayPrices, requoteMirror } from './mirror-quotes.ts';
import type { MarketUnit } from './market-unit.ts';
import { settleMarket, type MarketOutcome } from './settle.ts';

export type SyncCommand = { type: 'sync' };
export type SyncAnswer = { status: string; settled: boolean };

/**
 * Brings the book in line with the market as the feed or the operator left it (docs/decisions/0130):
 * in play (lapsing bets cancelled), suspended (quotes withdrawn), open again, closed; settles it once
 * a result is known or the event was abandoned; moves the market maker's quotes with the fair price, or
 * with the source's book on a mirrored market.
 */
export async function syncMarket(
  ctx: ExchangeContext,
  unit: MarketUnit,
): Promise<Result<SyncAnswer> | Deferred<SyncAnswer>> {
  const info = await readMarketInfo(ctx.db, unit.id);
  if (!info) return ok({ status: unit.info.status, settled: unit.settled });
  const outcome =
    info.status === 'OPEN' || info.status === 'SUSPENDED' ? null : await readOutcome(ctx, unit.id, info);
  unit.info = info;
  const effects = new Effects();
  unit.refreshWinners(effects);
  const nowIso = new Date(ctx.nowMs()).toISOString();
  const apply = (result: { ok: boolean; value?: { events: Parameters<MarketUnit['apply']>[0] } }) => {
    if (result.ok && result.value) unit.apply(result.value.events, effects, nowIso);
  };
  if (info.housePriced) {
    if (!unit.settled && outcome) settleMarket(unit, outcome, effects, nowIso);
    const ladder = houseLadder(unit);
    const key = JSON.stringify(ladder);
    if (key !== unit.houseLadderKey) {
      unit.houseLadderKey = key;
      unit.recordBook(effects, ladder);
    }
  } else if (!unit.settled && (info.status === 'OPEN' || info.status === 'SUSPENDED')) {
    if (info.inPlay && !unit.engine.isInPlay()) {
      withdrawQuotes(unit, effects, nowIso);
      apply(unit.engine.goInPlay());
      // The source's own in-play book holds the quotes when it comes first; this covers the market's.
      if (unit.mirror.mirrored && !unit.mirror.book?.inPlay) holdUntilInPlayPrices(unit);
    }
    if (info.status === 'SUSPENDED' && unit.engine.status() === 'OPEN') {
      withdrawQuotes(unit, effects, nowIso);
      apply(unit.engine.suspend());
    }
    if (info.status === 'OPEN' && unit.engine.status() === 'SUSPENDED') apply(unit.engine.resume());
    // A mirrored market follows its source's book, never the fair price (docs/decisions/0271).
    if (info.status === 'OPEN' && unit.mirror.mirrored) requoteMirror(unit, effects, ctx.maker, nowIso);
    else if (info.status === 'OPEN' && info.marketMaker && !info.housePriced)
      requote(unit, effects, ctx.maker, nowIso);
  } else if (!unit.settled) {
    if (unit.engine.status() !== 'CLOSED') {
      unit.makerOrders.clear();
      apply(unit.engine.close());
    }
    if (outcome) settleMarket(unit, outcome, effects, nowIso);
  }
  return commit(ctx, effects, { status: unit.info.status, settled: unit.settled });
}

/**
 * The result the feed or the operator recorded; void when the event was abandoned or voided. A market
 * paying several runners wins on each of them: a WINNERS result names them, and a source's WINNER with
 * placings on a market of several winners wins on as many placings as the market pays.
 */
async function readOutcome(
  ctx: ExchangeContext,
  marketId: string,
  info: { eventClosed: boolean; status: string },
): Promise<MarketOutcome | null> {
  const row = await readResult(ctx.db, marketId);
  if (row?.kind === 'WINNERS' && row.placings?.length) return { kind: 'WINNERS', runnerIds: row.placings };
  const paid = row?.number_of_winners ?? 1;
  if (row?.kind === 'WINNER' && paid > 1 && row.placings?.length)
    return { kind: 'WINNERS', runnerIds: row.placings.slice(0, paid) };
  if (row?.kind === 'WINNER' && row.winner_runner_id)
    return { kind: 'WINNER', runnerId: row.winner_runner_id };
  if (row?.kind === 'LINE' && row.line_result !== null) return { kind: 'LINE', value: row.line_result };
  if (row?.kind === 'VOID' || info.eventClosed || info.status === 'VOID') return { kind: 'VOID' };
  return null;
}
