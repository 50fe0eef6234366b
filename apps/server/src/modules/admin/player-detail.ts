import type { PlayerDetail, PlayerProtection, PlayerStatementPage, StaffRole } from '@backlay/contracts';
import { EARLIEST_REPORT_DATE } from '@backlay/contracts';
import {
  formatMinor,
  parseFormattedMinor,
  playerCashAccountIdSql,
  playerHoldAccountIdSql,
} from '@backlay/ledger';
import type { Sql } from '../../db/database.ts';
import { ok, reject, type Result } from '../../platform/rejections.ts';
import { authTables, findUserById, readLiveSessions, readSignIns } from '../auth/index.ts';
import { betfairTables } from '../betfair/index.ts';
import { protectionTables, readLimits, type ProtectionDeps } from '../protection/index.ts';
// The player's own statement, read as the player's reports read it: the back office must show exactly
// what the player sees.
import { readStatement, walletTables } from '../wallet/index.ts';
import type { PlayerRow } from './players-repo.ts';

/** What the player page reads: the protection module's readers need its deps. */
export type PlayerDetailDeps = Pick<ProtectionDeps, 'db' | 'bus' | 'exchange' | 'env' | 'nowMs'>;

/** The sign-ins the page shows; the history keeps more (auth/sign-ins.ts). */
export const SIGN_INS_SHOWN = 20;

type Moment = Date | string | null;
const isoOrNull = (moment: Moment) => (moment === null ? null : new Date(moment).toISOString());

type AccountRow = PlayerRow & {
  staff_role: StaffRole | null;
  timed_out_until: Moment;
  excluded_until: Moment;
  reopen_requested_at: Moment;
  session_limit_until: Moment;
  api_access_disabled: boolean;
  live_app_keys: number;
};

/** Any account, player or staff: support looks up whoever a ticket names. */
async function readAccount(sql: Sql, id: string): Promise<AccountRow | undefined> {
  const [row] = await sql.query<AccountRow>(
    `SELECT u.id, u.unique_code, u.email, u.name, u.status, u.is_demo, u.bet_locked, u.max_stake_minor,
            u.created_at, u.staff_role,
            coalesce(c.balance_minor, 0)::bigint AS cash_minor, coalesce(h.balance_minor, 0)::bigint AS hold_minor,
            p.timed_out_until, p.excluded_until, p.reopen_requested_at, p.session_limit_until,
            u.api_access_disabled,
            (SELECT count(*) FROM ${betfairTables.appKeys} k WHERE k.player_id = u.id AND k.revoked_at IS NULL)::int
              AS live_app_keys
       FROM ${authTables.users} u
       LEFT JOIN ${walletTables.accounts} c ON c.account_id = ${playerCashAccountIdSql('u.id')}
       LEFT JOIN ${walletTables.accounts} h ON h.account_id = ${playerHoldAccountIdSql('u.id')}
       LEFT JOIN ${protectionTables.playerProtection} p ON p.player_id = u.id
      WHERE u.id = $1`,
    [id],
  );
  return row;
}

async function protectionOf(deps: PlayerDetailDeps, row: AccountRow): Promise<PlayerProtection> {
  const state = await readLimits(deps, row.id);
  const limits = state.limits.map((limit) => {
    if (limit.amount === null) return { ...limit, remaining: null };
    const left = parseFormattedMinor(limit.amount) - parseFormattedMinor(limit.used);
    return { ...limit, remaining: formatMinor(left > 0n ? left : 0n) };
  });
  return {
    ...state,
    limits,
    timedOutUntil: isoOrNull(row.timed_out_until),
    excludedUntil: isoOrNull(row.excluded_until),
    reopenRequestedAt: isoOrNull(row.reopen_requested_at),
    sessionLimitUntil: isoOrNull(row.session_limit_until),
  };
}

export const ACCOUNT_NOT_FOUND = 'No account has this id.';
const notFound = () => reject('not_found', 'PLAYER_NOT_FOUND', ACCOUNT_NOT_FOUND);

/** The back office's player page (docs/decisions/0248), read without locking anything. */
export async function readPlayerDetail(deps: PlayerDetailDeps, id: string): Promise<Result<PlayerDetail>> {
  const row = await readAccount(deps.db, id);
  if (!row) return notFound();
  const [protection, sessions, signIns] = await Promise.all([
    protectionOf(deps, row),
    readLiveSessions(deps.db, id),
    readSignIns(deps.db, id, SIGN_INS_SHOWN),
  ]);
  return ok({
    player: {
      id: row.id,
      uniqueCode: row.unique_code,
      email: row.email,
      name: row.name,
      status: row.status,
      isDemo: row.is_demo,
      betLocked: row.bet_locked,
      maxStake: row.max_stake_minor === null ? null : formatMinor(BigInt(row.max_stake_minor)),
      createdAt: new Date(row.created_at).toISOString(),
      ...(row.staff_role ? { staffRole: row.staff_role } : {}),
    },
    balance: formatMinor(BigInt(row.cash_minor)),
    exposure: formatMinor(BigInt(row.hold_minor)),
    protection,
    sessions,
    signIns,
    apiAccess: { enabled: !row.api_access_disabled, liveKeys: Number(row.live_app_keys) },
  });
}

const EARLIEST_MS = Date.parse(`${EARLIEST_REPORT_DATE}T00:00:00Z`);
const MAX_STATEMENT_PAGE = 100_000;

type StatementPosition = { endMs: number; page: number; pageSize: number };

/**
 * The statement is paged by number, so its cursor is `<end ms>.<page>.<size>`: the moment of the first
 * page (later movements never shift the pages) and where the next page starts. It names nothing but a
 * page of this player's statement, so it need not be secret; one not made here is a 400.
 */
function positionOf(cursor: string | undefined, limit: number, nowMs: number): Result<StatementPosition> {
  if (cursor === undefined) return ok({ endMs: nowMs + 1, page: 1, pageSize: limit });
  const [endMs = 0, page = 0, pageSize = 0] = cursor.split('.').map(Number);
  const valid = page >= 1 && page <= MAX_STATEMENT_PAGE && pageSize >= 1 && pageSize <= 200;
  return valid
    ? ok({ endMs, page, pageSize })
    : reject('invalid', 'INVALID_CURSOR', 'cursor must be the `next` of a previous page');
}

/** The player's statement, newest first, as the player's own reports read it. */
export async function readPlayerStatement(
  deps: PlayerDetailDeps,
  id: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<Result<PlayerStatementPage>> {
  const position = positionOf(query.cursor, query.limit, (deps.nowMs ?? Date.now)());
  if (!position.ok) return position;
  if (!(await findUserById(deps.db, id))) return notFound();
  const { endMs, page, pageSize } = position.value;
  const statement = await readStatement(deps.db, {
    playerId: id,
    startMs: EARLIEST_MS,
    endExclusiveMs: endMs,
    type: 'all',
    page,
    pageSize,
  });
  const more = page * pageSize < statement.total && page < MAX_STATEMENT_PAGE;
  return ok({ ...statement, next: more ? `${endMs}.${page + 1}.${pageSize}` : null });
}
