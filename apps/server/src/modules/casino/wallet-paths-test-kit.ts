import type { Database } from '../../db/database.ts';
import { insertUser } from '../auth/index.ts';
import { depositRequest, type WalletService } from '../wallet/index.ts';
import { LAUNCH_TOKEN_TTL_MS, openCasinoSession } from './sessions-repo.ts';
import { SHORT_TOKEN_TTL_MS, type Sequence, type TokenRole } from './wallet-paths-sequences.ts';
import { fingerprintOf, type MoneyCallback } from './wallet-records.ts';
import type { TransactionKind } from './wallet-repo.ts';

/**
 * The database side of the test that plays callbacks through every way a batch can be written
 * (wallet-paths.differential.test.ts): players and tokens seeded the same way on each database, and
 * everything the wallet wrote, read back without the ids and times that differ between databases.
 */

export const AVIATOR = 22001;
const ANOTHER_GAME = 22002;

/** A sequence's players on one database: their ids and launch tokens by role. */
export type SeededPlayer = { playerId: string; tokens: Record<TokenRole, string> };

/**
 * Opens the sequence's players, pays their openings and mints their tokens, as of `startMs`.
 * `names` learns each player's id, so that the ledger can be compared across databases.
 */
export async function seedSequence(
  db: Database,
  wallet: WalletService,
  sequence: Sequence,
  startMs: number,
  names: Map<string, string>,
): Promise<SeededPlayer[]> {
  const players: SeededPlayer[] = [];
  for (const [at, openingMinor] of sequence.openingMinor.entries()) {
    const name = `${sequence.name}-p${at}`;
    const user = await insertUser(db, {
      email: `${name}@paths.test`,
      name,
      role: 'player',
      passwordHash: null,
    });
    if (!user) throw new Error(`player ${name} exists already`);
    names.set(user.id, name);
    await wallet.openPlayer(user.id);
    if (openingMinor > 0n)
      await wallet.execute(depositRequest(user.id, openingMinor, 'Opening', `opening:${name}`));
    const session = (options: { gameId?: number; nowMs?: number; ttlMs?: number }) =>
      openCasinoSession(db, { playerId: user.id, gameId: AVIATOR, nowMs: startMs, ...options });
    const tokens: Record<TokenRole, string> = {
      live: await session({}),
      short: await session({ ttlMs: SHORT_TOKEN_TTL_MS }),
      expired: await session({ nowMs: startMs - LAUNCH_TOKEN_TTL_MS - 1 }),
      otherGame: await session({ gameId: ANOTHER_GAME }),
      unknown: `never-minted-${name}`,
    };
    players.push({ playerId: user.id, tokens });
  }
  return players;
}

type TransferRow = { id: string; key: string } & Record<string, unknown>;
type OperationRow = { key: string; result: unknown };
type CasinoRow = {
  transaction_id: string;
  kind: TransactionKind;
  player_id: string;
  game_id: string;
  round_id: string;
  amount_minor: string;
  reference_transaction_id: string | null;
  fingerprint: string;
} & Record<string, unknown>;

/**
 * Everything the wallet wrote, by key: transfers (and what they reverse), the ledger's recorded
 * operations, every account's balance (system accounts summed over their shards), the casino rows
 * with their answers, transfers and bets' outcomes. Generated ids become the keys they stand for and
 * player ids the players' names. A casino row's fingerprint, a hash over the player's id, becomes
 * whether it is the hash of the row's own fields. Ledger fingerprints are left out: they hash account
 * ids, and the transfers they describe are compared field by field.
 */
export async function readWritten(db: Database, names: ReadonlyMap<string, string>): Promise<unknown> {
  const transfers = await db.query<TransferRow>(
    `SELECT t.id::text AS id, t.idempotency_key AS key, t.debit_account_id AS debit,
            t.credit_account_id AS credit, t.amount_minor::text AS amount, t.kind, t.remark, t.reference,
            t.hold_id, r.idempotency_key AS reverses, t.debit_balance_after_minor::text AS debit_after,
            t.credit_balance_after_minor::text AS credit_after
       FROM transfers t LEFT JOIN transfers r ON r.id = t.reverses_transfer_id ORDER BY t.idempotency_key`,
  );
  const keyOfId = new Map(transfers.map((transfer) => [transfer.id, transfer.key]));
  const operations = await db.query<OperationRow>(
    'SELECT idempotency_key AS key, result FROM ledger_operations ORDER BY idempotency_key',
  );
  const accounts = await db.query<{ account_id: string; balance: string }>(
    `SELECT account_id, balance_minor::text AS balance FROM accounts WHERE player_id IS NOT NULL
     UNION ALL
     SELECT account_id, sum(balance_minor)::text FROM system_balance_shards GROUP BY account_id`,
  );
  const casino = await db.query<CasinoRow>(
    `SELECT c.transaction_id, c.kind, c.player_id::text AS player_id, c.game_id, c.round_id,
            c.amount_minor::text AS amount_minor, c.reference_transaction_id, c.fingerprint, c.answer,
            t.idempotency_key AS transfer, c.win_minor::text AS win_minor, c.bet_status
       FROM casino_transactions c LEFT JOIN transfers t ON t.id = c.ledger_transfer_id
      ORDER BY c.transaction_id`,
  );
  const written = {
    transfers: transfers.map(({ id: _id, ...transfer }) => transfer),
    operations: operations.map((operation) => ({
      ...operation,
      result: idsAsKeys(operation.result, keyOfId),
    })),
    accounts,
    casino: casino.map((row) => ({ ...row, fingerprint: fingerprintVerdict(row) })),
  };
  const named = JSON.parse(
    JSON.stringify(written).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      (id) => names.get(id) ?? id,
    ),
  ) as typeof written;
  // By name: the players' ids, which order them in the database, differ between databases.
  named.accounts.sort((a, b) => (a.account_id < b.account_id ? -1 : 1));
  return named;
}

/** Transfer ids inside a recorded ledger operation, as the keys of those transfers. */
function idsAsKeys(value: unknown, keyOfId: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => idsAsKeys(item, keyOfId));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([field, inner]) =>
      /^(id|transferId|reversesTransferId)$/.test(field) && inner !== null
        ? [field, keyOfId.get(String(inner)) ?? `unknown transfer ${String(inner)}`]
        : [field, idsAsKeys(inner, keyOfId)],
    ),
  );
}

function fingerprintVerdict(row: CasinoRow): string {
  const body = {
    gameId: row.game_id,
    roundId: row.round_id,
    referenceTransactionId: row.reference_transaction_id,
  };
  const kind = row.kind === 'BET' ? 'bet' : row.kind === 'WIN' ? 'win' : 'rollback';
  const callback = { kind, body, amountMinor: BigInt(row.amount_minor) } as unknown as MoneyCallback;
  return fingerprintOf(row.kind, row.player_id, callback) === row.fingerprint
    ? 'of its fields'
    : row.fingerprint;
}
