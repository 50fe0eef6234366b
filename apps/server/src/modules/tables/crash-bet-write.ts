import { formatHundredths } from '@backlay/fair';
import type { Sql } from '../../db/database.ts';
import { ok, type Result } from '../../platform/rejections.ts';
import { transaction } from '../../platform/transaction.ts';
import { RACES_RERUN, stakeBatch } from './bet-stakes.ts';
import type { TablesContext } from './context.ts';
import { findCrashBetByRef, type CrashBetRow } from './crash-repo.ts';
import { crashBetJson } from './crash-view.ts';
import { CRASH_TABLE_ID } from './deps.ts';
import { tableError } from './errors.ts';
import { roundReference, roundRemark, stakeTransfer } from './postings.ts';
import { StaleRound } from './rounds-repo.ts';
import type { RoundRow } from './round-row.ts';

export type CrashBetAnswer = { bet: ReturnType<typeof crashBetJson>; replayed: boolean };

/** The same clientRef and body again: the bet already placed; another body: a conflict. */
export function crashReplayOf(bet: CrashBetRow, fingerprint: string): Result<CrashBetAnswer> {
  if (bet.fingerprint !== fingerprint) return tableError('IDEMPOTENCY_CONFLICT');
  return ok({ bet: crashBetJson(bet), replayed: true });
}

/**
 * Writes one batch of crash bets in one transaction, as table bets are written (bet-stakes.ts): the
 * round must still be in BETTING at the owner's version, then the rows and their stakes go in together.
 */
export async function writeCrashBets(
  context: TablesContext,
  round: RoundRow,
  bets: CrashBetRow[],
): Promise<Result<CrashBetAnswer>[]> {
  return transaction(
    context.db,
    async (sql) => {
      const [open] = await sql.query(
        `SELECT 1 FROM table_rounds WHERE id = $1 AND status = 'BETTING' AND version = $2 FOR SHARE`,
        [round.id, round.version],
      );
      if (!open) throw new StaleRound(round.id);
      return stakeBatch(context, sql, bets, {
        betOf: (bet) => bet,
        insert: insertCrashBets,
        findByRef: findCrashBetByRef,
        replay: crashReplayOf,
        stakeOf: (bet) => {
          const auto = bet.autoHundredths === null ? '' : ` (auto ${formatHundredths(bet.autoHundredths)}x)`;
          return stakeTransfer({
            key: `crash-bet:${bet.id}`,
            playerId: bet.playerId,
            amountMinor: bet.stakeMinor,
            reference: roundReference(CRASH_TABLE_ID, round.id),
            remark: roundRemark('Crash', round.id, `bet${auto}`),
          });
        },
        placed: (bet) => ({ bet: crashBetJson(bet), replayed: false }),
        discard: (sql, ids) => sql.query('DELETE FROM crash_bets WHERE id = ANY($1::uuid[])', [ids]),
      });
    },
    RACES_RERUN,
  );
}

async function insertCrashBets(sql: Sql, bets: readonly CrashBetRow[]): Promise<Set<string>> {
  const rows = bets.map((bet) => ({
    id: bet.id,
    round_id: bet.roundId,
    player_id: bet.playerId,
    stake_minor: String(bet.stakeMinor),
    auto_hundredths: bet.autoHundredths,
    client_ref: bet.clientRef,
    fingerprint: bet.fingerprint,
    placed_at: new Date(bet.placedAtMs).toISOString(),
  }));
  const inserted = await sql.query<{ id: string }>(
    `INSERT INTO crash_bets (id, round_id, player_id, stake_minor, auto_hundredths, client_ref, fingerprint,
       placed_at)
     SELECT x.id, x.round_id, x.player_id, x.stake_minor, x.auto_hundredths, x.client_ref, x.fingerprint,
            x.placed_at
       FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, round_id bigint, player_id text, stake_minor bigint,
         auto_hundredths integer, client_ref text, fingerprint text, placed_at timestamptz)
     ON CONFLICT (player_id, client_ref) DO NOTHING RETURNING id`,
    [JSON.stringify(rows)],
  );
  return new Set(inserted.map((row) => row.id));
}
