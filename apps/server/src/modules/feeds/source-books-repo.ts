import type { SourceBook } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

/** A mirrored market's latest source book, written with its feed's batch (`saveProgress`). */
export async function readSourceBook(sql: Sql, marketId: string): Promise<SourceBook | undefined> {
  const [row] = await sql.query<{ book: SourceBook }>('SELECT book FROM source_books WHERE market_id = $1', [
    marketId,
  ]);
  return row?.book;
}
