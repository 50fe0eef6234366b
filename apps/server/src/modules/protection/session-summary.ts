import { nextRealityCheckMs, type SessionSummary } from '@backlay/contracts';
import { formatMinor, playerCashAccountId, playerHoldAccountId } from '@backlay/ledger';
import type { Database } from '../../db/database.ts';
import { hashToken, sessionStartedAt } from '../auth/index.ts';
import { exchangeTables } from '../exchange/index.ts';
import { walletTables } from '../wallet/index.ts';
import { readRealityCheckMinutes } from './reality-check-repo.ts';

/**
 * What the player staked and won or lost since `$3`, from the transfers of their cash and hold
 * accounts. Deposits and withdrawals (and their reversals) are left out by the statement's own rule
 * (wallet/statement-repo.ts, category deposit_withdraw: the kind of the transfer or of what it
 * reverses). Money moving between the player's cash and hold accounts is neither won nor lost, so net
 * counts only what crossed to or from the house. Staked counts a casino-style stake (tables, crash,
 * casino) less its rollback, and the matched stake of the exchange bets placed since (docs/decisions/
 * 0234): the unmatched part of a bet, cancelled or lapsed, was never staked.
 */
const SUMS = `
  SELECT coalesce(sum(CASE
           WHEN coalesce(o.kind, t.kind) = 'CASINO_BET'
             THEN CASE WHEN t.debit_account_id = $1 THEN t.amount_minor ELSE -t.amount_minor END
           ELSE 0 END), 0)::bigint
         + (SELECT coalesce(sum(b.matched_minor), 0) FROM ${exchangeTables.bets} b
             WHERE b.player_id = $4 AND b.placed_at >= $3)::bigint AS staked_minor,
         coalesce(sum(CASE
           WHEN t.debit_account_id IN ($1, $2) AND t.credit_account_id IN ($1, $2) THEN 0
           WHEN t.credit_account_id IN ($1, $2) THEN t.amount_minor
           ELSE -t.amount_minor END), 0)::bigint AS net_minor
    FROM ${walletTables.transfers} t LEFT JOIN ${walletTables.transfers} o ON o.id = t.reverses_transfer_id
   WHERE (t.debit_account_id IN ($1, $2) OR t.credit_account_id IN ($1, $2))
     AND t.created_at >= $3
     AND coalesce(o.kind, t.kind) NOT IN ('DEPOSIT', 'WITHDRAW')`;

const MINUTE_MS = 60_000;

async function signedInAtMs(db: Database, token: string): Promise<number> {
  const createdAt = await sessionStartedAt(db, hashToken(token));
  if (createdAt === undefined) throw new Error('the session behind an admitted token is missing');
  return new Date(createdAt).getTime();
}

async function sumsSince(db: Database, playerId: string, sinceMs: number) {
  const [row] = await db.query<{ staked_minor: bigint | string; net_minor: bigint | string }>(SUMS, [
    playerCashAccountId(playerId),
    playerHoldAccountId(playerId),
    new Date(sinceMs).toISOString(),
    playerId,
  ]);
  return { stakedMinor: BigInt(row?.staked_minor ?? 0), netMinor: BigInt(row?.net_minor ?? 0) };
}

/** The current sign-in (the request's token) summed up for a reality check. */
export async function sessionSummary(
  db: Database,
  player: { id: string; token: string },
  nowMs: number,
): Promise<SessionSummary> {
  const signedInMs = await signedInAtMs(db, player.token);
  const [sums, interval] = await Promise.all([
    sumsSince(db, player.id, signedInMs),
    readRealityCheckMinutes(db, player.id),
  ]);
  const dueMs = nextRealityCheckMs(signedInMs, interval, nowMs);
  return {
    signedInAt: new Date(signedInMs).toISOString(),
    minutes: Math.max(0, Math.floor((nowMs - signedInMs) / MINUTE_MS)),
    staked: formatMinor(sums.stakedMinor),
    net: formatMinor(sums.netMinor),
    realityCheckDueAt: dueMs === null ? null : new Date(dueMs).toISOString(),
  };
}
