import type { LockMarketRequest, MarketLock } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { ok, reject, transactionResult, type Result } from '../../platform/rejections.ts';
import { announceStandingChange, announceTreeStandingChange } from '../admission/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { marketExists } from '../sports/index.ts';
import type { AgentsDeps, Caller } from './agents-service.ts';
import { subtreeAccount } from './report-scope.ts';

/** Sets or lifts the account's own lock on the market; answers whether it was locked before. */
async function setMarketLock(tx: Sql, accountId: string, marketId: string, locked: boolean) {
  const rows = locked
    ? await tx.query(
        `INSERT INTO agent_market_locks (account_id, market_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING market_id`,
        [accountId, marketId],
      )
    : await tx.query(
        'DELETE FROM agent_market_locks WHERE account_id = $1 AND market_id = $2 RETURNING market_id',
        [accountId, marketId],
      );
  // A row inserted means none was there; a row deleted means one was.
  return locked ? rows.length === 0 : rows.length === 1;
}

/**
 * An agent locks or unlocks betting on a market for its own subtree or an account's below it
 * (docs/decisions/0292); staff for any account. Audited in the same transaction. Unlocking lifts only
 * the account's own row: a lock higher up still holds. Every admission gate forgets the standings the
 * lock touches after the commit (the player's, or all of them for an agent's subtree).
 */
export async function lockMarket(
  deps: AgentsDeps,
  caller: Caller,
  marketId: string,
  input: LockMarketRequest,
  actor: AuditActor,
): Promise<Result<MarketLock>> {
  return transactionResult(deps.db, async (tx) => {
    const account = await subtreeAccount(tx, caller, input.accountId);
    if (!account.ok) return account;
    if (!(await marketExists(tx, marketId)))
      return reject('not_found', 'UNKNOWN_MARKET', 'There is no such market.');
    const target = account.value;
    const before = await setMarketLock(tx, target.id, marketId, input.locked);
    await recordAudit(tx, actor, {
      action: 'market lock',
      target: `market:${marketId}`,
      before: { accountId: target.id, locked: before },
      after: { accountId: target.id, locked: input.locked },
    });
    afterCommit(() =>
      target.kind === 'player'
        ? announceStandingChange(deps.bus, target.id)
        : announceTreeStandingChange(deps.bus),
    );
    return ok({ marketId, accountId: target.id, locked: input.locked });
  });
}
