import type { EventLock, LockMarketRequest, MarketLock, MarketLocks } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';
import { afterCommit } from '../../platform/transaction.ts';
import { ok, reject, transactionResult, type Rejection, type Result } from '../../platform/rejections.ts';
import { announceStandingChange, announceTreeStandingChange } from '../admission/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { eventExists, marketExists, readEventOfMarket } from '../sports/index.ts';
import type { AgentsDeps, Caller } from './agents-service.ts';
import { subtreeAccount } from './report-scope.ts';

/** What an agent locks for its subtree: one market (docs/decisions/0292) or every market of an event (0300). */
type LockScope = {
  kind: 'market' | 'event';
  table: 'agent_market_locks' | 'agent_event_locks';
  column: 'market_id' | 'event_id';
  exists: (sql: Sql, id: string) => Promise<boolean>;
  unknown: () => Rejection;
};

const MARKET: LockScope = {
  kind: 'market',
  table: 'agent_market_locks',
  column: 'market_id',
  exists: marketExists,
  unknown: () => reject('not_found', 'UNKNOWN_MARKET', 'There is no such market.'),
};

const EVENT: LockScope = {
  kind: 'event',
  table: 'agent_event_locks',
  column: 'event_id',
  exists: eventExists,
  unknown: () => reject('not_found', 'UNKNOWN_EVENT', 'There is no such event.'),
};

/** Sets or lifts the account's own lock; answers whether it was locked before. */
async function setLock(tx: Sql, scope: LockScope, accountId: string, id: string, locked: boolean) {
  const rows = locked
    ? await tx.query(
        `INSERT INTO ${scope.table} (account_id, ${scope.column}) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING ${scope.column}`,
        [accountId, id],
      )
    : await tx.query(
        `DELETE FROM ${scope.table} WHERE account_id = $1 AND ${scope.column} = $2 RETURNING ${scope.column}`,
        [accountId, id],
      );
  // A row inserted means none was there; a row deleted means one was.
  return locked ? rows.length === 0 : rows.length === 1;
}

/**
 * An agent locks or unlocks betting on the scope's market or event for its own subtree or an account's
 * below it; staff for any account. Audited in the same transaction. Unlocking lifts only the account's
 * own row: a lock higher up still holds. Every admission gate forgets the standings the lock touches
 * after the commit (the player's, or all of them for an agent's subtree).
 */
async function lock(
  scope: LockScope,
  deps: AgentsDeps,
  caller: Caller,
  id: string,
  input: LockMarketRequest,
  actor: AuditActor,
): Promise<Result<{ accountId: string; locked: boolean }>> {
  return transactionResult(deps.db, async (tx) => {
    const account = await subtreeAccount(tx, caller, input.accountId);
    if (!account.ok) return account;
    if (!(await scope.exists(tx, id))) return scope.unknown();
    const target = account.value;
    const before = await setLock(tx, scope, target.id, id, input.locked);
    await recordAudit(tx, actor, {
      action: `${scope.kind} lock`,
      target: `${scope.kind}:${id}`,
      before: { accountId: target.id, locked: before },
      after: { accountId: target.id, locked: input.locked },
    });
    afterCommit(() =>
      target.kind === 'player'
        ? announceStandingChange(deps.bus, target.id)
        : announceTreeStandingChange(deps.bus),
    );
    return ok({ accountId: target.id, locked: input.locked });
  });
}

/** Who locks what: the caller, the market's or event's id, the request and the audit's actor. */
type LockArgs = [deps: AgentsDeps, caller: Caller, id: string, input: LockMarketRequest, actor: AuditActor];

/** `POST /api/admin/markets/:id/lock` (docs/decisions/0292). */
export async function lockMarket(...args: LockArgs): Promise<Result<MarketLock>> {
  const locked = await lock(MARKET, ...args);
  return locked.ok ? ok({ marketId: args[2], ...locked.value }) : locked;
}

/** `POST /api/admin/events/:id/lock`: the same lock on every market of the event (docs/decisions/0300). */
export async function lockEvent(...args: LockArgs): Promise<Result<EventLock>> {
  const locked = await lock(EVENT, ...args);
  return locked.ok ? ok({ eventId: args[2], ...locked.value }) : locked;
}

/** Whether the account holds its own row of the scope on `id`. */
async function hasOwnLock(sql: Sql, { table, column }: LockScope, accountId: string, id: string) {
  const rows = await sql.query(`SELECT 1 FROM ${table} WHERE account_id = $1 AND ${column} = $2`, [
    accountId,
    id,
  ]);
  return rows.length > 0;
}

/**
 * `GET /api/admin/markets/:id/lock?accountId`: the account's own locks on the market and on its event,
 * for the console's switches: the calling agent's by default; staff name the account (400 otherwise).
 */
export async function marketLocks(
  sql: Sql,
  caller: Caller,
  marketId: string,
  query: { accountId?: string | undefined },
): Promise<Result<MarketLocks>> {
  const accountId = query.accountId ?? (caller.isAgent ? caller.id : undefined);
  if (accountId === undefined)
    return reject('invalid', 'ACCOUNT_REQUIRED', 'Name the account whose locks to read (accountId).');
  const account = await subtreeAccount(sql, caller, accountId);
  if (!account.ok) return account;
  const eventId = await readEventOfMarket(sql, marketId);
  if (eventId === undefined) return MARKET.unknown();
  return ok({
    marketId,
    eventId,
    accountId,
    marketLocked: await hasOwnLock(sql, MARKET, accountId, marketId),
    eventLocked: await hasOwnLock(sql, EVENT, accountId, eventId),
  });
}
