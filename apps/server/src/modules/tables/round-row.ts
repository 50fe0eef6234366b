import type { TableOutcome } from '@backlay/tables';

export type RoundStatusRow = 'BETTING' | 'CLOSED' | 'DEALING' | 'RESULT' | 'RUNNING' | 'SETTLED' | 'VOID';

/** One round as the tables module keeps it in memory and in `table_rounds`; times in epoch ms. */
export type RoundRow = {
  id: number;
  tableId: string;
  status: RoundStatusRow;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  openedAtMs: number;
  closesAtMs: number;
  phaseEndsAtMs: number;
  outcome: TableOutcome | null;
  winner: string | null;
  version: number;
  settledAtMs: number | null;
};

export type RoundDbRow = {
  id: bigint | number | string;
  table_id: string;
  status: RoundStatusRow;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: bigint | number | string;
  opened_at: Date | string;
  closes_at: Date | string;
  phase_ends_at: Date | string;
  outcome: TableOutcome | null;
  winner: string | null;
  version: number;
  settled_at: Date | string | null;
};

const ms = (value: Date | string) => new Date(value).getTime();

export function roundOfRow(row: RoundDbRow): RoundRow {
  return {
    id: Number(row.id),
    tableId: row.table_id,
    status: row.status,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    openedAtMs: ms(row.opened_at),
    closesAtMs: ms(row.closes_at),
    phaseEndsAtMs: ms(row.phase_ends_at),
    outcome: row.outcome,
    winner: row.winner,
    version: row.version,
    settledAtMs: row.settled_at === null ? null : ms(row.settled_at),
  };
}

/** The stream's seq for a round's state: rounds only grow, and so does each round's version. */
export const seqOf = (round: Pick<RoundRow, 'id' | 'version'>): number =>
  round.id * 1_000_000 + round.version;

/** A round still being played (not settled or void). */
export const isOpen = (round: RoundRow | null): round is RoundRow =>
  round !== null && round.status !== 'SETTLED' && round.status !== 'VOID';

/** The result and the server seed are public from RESULT on (and for settled or void rounds). */
export const isRevealed = (status: RoundStatusRow): boolean =>
  status === 'RESULT' || status === 'SETTLED' || status === 'VOID';
