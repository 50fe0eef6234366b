import type { AdminCurrentRound, AdminRecentRound, AdminTable } from '@backlay/contracts';
import { formatMinor } from '@backlay/ledger';
import { TABLE_GAMES } from '@backlay/tables';
import type { Database } from '../../db/database.ts';
import { readPauses, type TablePause } from './admin-pauses.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { resultWinner } from './rounds-repo.ts';
import { isOpen, isRevealed, roundOfRow, type RoundDbRow, type RoundRow } from './round-row.ts';

/** The console's games: every table in lobby order, then the crash game. */
const GAMES: readonly { id: string; name: string; kind: 'table' | 'crash' }[] = [
  ...TABLE_GAMES.map((game) => ({ id: game.id, name: game.name, kind: 'table' as const })),
  { id: CRASH_TABLE_ID, name: 'Crash', kind: 'crash' },
];

/** Rounds listed per game: the last 20 finished, and the one in play. */
const RECENT_ROUNDS = 20;

type Book = { bets: number; stakeMinor: bigint; payoutMinor: bigint };
const EMPTY_BOOK: Book = { bets: 0, stakeMinor: 0n, payoutMinor: 0n };

export const isAdminGame = (tableId: string): boolean => GAMES.some((game) => game.id === tableId);

/**
 * The live games (docs/decisions/0244) in three statements whatever the traffic: each game's latest
 * rounds through the (table_id, id DESC) index, their bets summed through the round index, and the
 * pauses. Bounded by the catalogue: 13 games × 21 rounds.
 */
export async function readAdminTables(db: Database, only?: string): Promise<AdminTable[]> {
  const games = only === undefined ? GAMES : GAMES.filter((game) => game.id === only);
  const rows = await db.query<RoundDbRow>(
    `SELECT r.* FROM unnest($1::text[]) AS g(id)
       CROSS JOIN LATERAL (SELECT * FROM table_rounds WHERE table_id = g.id ORDER BY id DESC LIMIT $2) r`,
    [games.map((game) => game.id), RECENT_ROUNDS + 1],
  );
  const rounds = rows.map(roundOfRow);
  const books = await readBooks(
    db,
    rounds.map((round) => round.id),
  );
  const pauses = await readPauses(db);
  return games.map((game) => {
    const own = rounds.filter((round) => round.tableId === game.id).sort((a, b) => b.id - a.id);
    const latest = own[0] ?? null;
    const current = isOpen(latest) ? latest : null;
    const bookOf = (round: RoundRow) => books.get(round.id) ?? EMPTY_BOOK;
    const pause = pauses.get(game.id) ?? null;
    return {
      ...game,
      state: pause ? 'paused' : 'running',
      pause: pause && pauseJson(pause),
      currentRound: current && currentRoundJson(current, bookOf(current)),
      recentRounds: own
        .filter((round) => !isOpen(round))
        .slice(0, RECENT_ROUNDS)
        .map((round) => recentRoundJson(round, bookOf(round))),
    };
  });
}

/** One finished round as the console lists it; null when there is no such round or it is still open. */
export async function readAdminRound(db: Database, roundId: number): Promise<AdminRecentRound | null> {
  const [row] = await db.query<RoundDbRow>('SELECT * FROM table_rounds WHERE id = $1', [roundId]);
  if (!row) return null;
  const round = roundOfRow(row);
  if (round.status !== 'SETTLED' && round.status !== 'VOID') return null;
  const books = await readBooks(db, [round.id]);
  return recentRoundJson(round, books.get(round.id) ?? EMPTY_BOOK);
}

/** Bets, stake and payout per round; table and crash bets alike (a round is one or the other). */
async function readBooks(db: Database, roundIds: readonly number[]): Promise<Map<number, Book>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db.query<{ round_id: string; bets: string; stake: string; payout: string }>(
    `SELECT round_id, count(*) AS bets, sum(stake_minor) AS stake, coalesce(sum(payout_minor), 0) AS payout
       FROM table_bets WHERE round_id = ANY($1::bigint[]) GROUP BY round_id
     UNION ALL
     SELECT round_id, count(*), sum(stake_minor), coalesce(sum(payout_minor), 0)
       FROM crash_bets WHERE round_id = ANY($1::bigint[]) GROUP BY round_id`,
    [roundIds],
  );
  return new Map(
    rows.map((row) => [
      Number(row.round_id),
      { bets: Number(row.bets), stakeMinor: BigInt(row.stake), payoutMinor: BigInt(row.payout) },
    ]),
  );
}

const iso = (ms: number) => new Date(ms).toISOString();

const pauseJson = (pause: TablePause) => ({ at: iso(pause.atMs), by: pause.by, reason: pause.reason });

function fairnessJson(round: RoundRow) {
  return {
    serverSeedHash: round.serverSeedHash,
    serverSeed: isRevealed(round.status) ? round.serverSeed : null,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
  };
}

function currentRoundJson(round: RoundRow, book: Book): AdminCurrentRound {
  return {
    id: round.id,
    status: round.status,
    openedAt: iso(round.openedAtMs),
    closesAt: iso(round.closesAtMs),
    phaseEndsAt: iso(round.phaseEndsAtMs),
    bets: book.bets,
    stake: formatMinor(book.stakeMinor),
    fairness: fairnessJson(round),
  };
}

function recentRoundJson(round: RoundRow, book: Book): AdminRecentRound {
  return {
    id: round.id,
    status: round.status === 'VOID' ? 'VOID' : 'SETTLED',
    result: resultWinner(round),
    settledAt: round.settledAtMs === null ? null : iso(round.settledAtMs),
    bets: book.bets,
    stake: formatMinor(book.stakeMinor),
    payout: formatMinor(book.payoutMinor),
    fairness: fairnessJson(round),
  };
}
