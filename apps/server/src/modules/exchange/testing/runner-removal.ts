import { transaction } from '../../../platform/transaction.ts';
import type { TestContext } from '../../../test/test-app.ts';
import { markRunnerRemoved, recordResult, setMarketStatus } from '../../sports/index.ts';
import type { RemoveRunnerAnswer } from '../remove-runner.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The source removes a runner: the catalogue's row first, then the exchange, as the feed does. */
export async function removeRunnerAsFeed(
  ctx: TestContext,
  marketId: string,
  runnerId: string,
  adjustmentFactor: number,
): Promise<RemoveRunnerAnswer> {
  // What is written in this millisecond counts as before the removal only if it is strictly earlier.
  await sleep(3);
  const removedAtMs = Date.now();
  await sleep(3);
  const { db, exchange } = ctx.deps;
  await transaction(db, (tx) => markRunnerRemoved(tx, marketId, runnerId, { adjustmentFactor, removedAtMs }));
  const answer = await exchange.removeRunner(marketId, { runnerId, adjustmentFactor, removedAtMs });
  await exchange.idle();
  if (!answer.ok) throw new Error(answer.code);
  return answer.value as RemoveRunnerAnswer;
}

/** The market's result as the feed records it, the market closed, and the exchange settling it. */
export async function settleFromResult(
  ctx: TestContext,
  marketId: string,
  result: Parameters<typeof recordResult>[2],
): Promise<void> {
  const { db, exchange } = ctx.deps;
  await transaction(db, async (tx) => {
    await recordResult(tx, marketId, result);
    await setMarketStatus(tx, marketId, 'CLOSED');
  });
  if (!(await exchange.run(marketId, { type: 'sync' })).ok) throw new Error(`${marketId} did not sync`);
  await exchange.idle();
}
