import { buildCrashChain } from '@backlay/fair';
import type { Sql } from '../../db/database.ts';

/**
 * A crash hash chain in memory (docs/decisions/0153): hashes[0] is played first and
 * SHA-256(hashes[i + 1]) = hashes[i], so each revealed round hash proves the ones before it and says
 * nothing of the next. The commitment SHA-256(hashes[0]) and the salt are public from the start.
 */
export type LoadedChain = {
  id: number;
  hashes: readonly string[];
  commitment: string;
  salt: string;
};

type ChainRow = { id: number; terminal_seed: string; length: number; commitment: string; salt: string };

function built(row: ChainRow): LoadedChain {
  const chain = buildCrashChain(row.terminal_seed, row.length);
  if (!chain.ok) throw new Error(`crash chain ${row.id} cannot be rebuilt: ${chain.code}`);
  if (chain.value.commitment !== row.commitment)
    throw new Error(`crash chain ${row.id} does not match its commitment`);
  return { id: row.id, hashes: chain.value.hashes, commitment: row.commitment, salt: row.salt };
}

export async function latestChain(sql: Sql): Promise<LoadedChain | null> {
  const [row] = await sql.query<ChainRow>('SELECT * FROM crash_chains ORDER BY id DESC LIMIT 1');
  return row ? built(row) : null;
}

export async function chainById(sql: Sql, chainId: number): Promise<LoadedChain> {
  const [row] = await sql.query<ChainRow>('SELECT * FROM crash_chains WHERE id = $1', [chainId]);
  if (!row) throw new Error(`crash chain ${chainId} is missing`);
  return built(row);
}

/** A new chain from fresh randomness: a secret terminal seed and a public salt. */
export async function createChain(
  sql: Sql,
  randomHex: (bytes: number) => string,
  length: number,
): Promise<LoadedChain> {
  const terminalSeed = randomHex(32);
  const chain = buildCrashChain(terminalSeed, length);
  if (!chain.ok) throw new Error(`crash chain cannot be built: ${chain.code}`);
  const salt = randomHex(32);
  const [row] = await sql.query<{ id: number }>(
    'INSERT INTO crash_chains (terminal_seed, length, commitment, salt) VALUES ($1, $2, $3, $4) RETURNING id',
    [terminalSeed, length, chain.value.commitment, salt],
  );
  return { id: row!.id, hashes: chain.value.hashes, commitment: chain.value.commitment, salt };
}

/** The index the chain's next round plays (one past its latest round). */
export async function nextChainIndex(sql: Sql, chainId: number): Promise<number> {
  const [row] = await sql.query<{ next: number | null }>(
    'SELECT max(chain_index) + 1 AS next FROM crash_rounds WHERE chain_id = $1',
    [chainId],
  );
  return row?.next ?? 0;
}
