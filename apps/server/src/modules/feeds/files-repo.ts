import type { FeedFile, FeedFileKind, FeedFilesPage, FeedFilesQuery } from '@backlay/contracts';
import type { Sql } from '../../db/database.ts';

export type FeedFileRow = FeedFile & { lines: number; path: string };

type RawFileRow = {
  id: string;
  name: string;
  bytes: string | number;
  kind: FeedFileKind;
  lines: string | number;
  path: string;
};

const rowOf = (raw: RawFileRow): FeedFileRow => ({
  id: raw.id,
  name: raw.name,
  bytes: Number(raw.bytes),
  kind: raw.kind,
  lines: Number(raw.lines),
  path: raw.path,
});

export async function insertFeedFile(sql: Sql, file: FeedFileRow): Promise<void> {
  await sql.query(
    'INSERT INTO feed_files (id, name, bytes, kind, lines, path) VALUES ($1, $2, $3, $4, $5, $6)',
    [file.id, file.name, file.bytes, file.kind, file.lines, file.path],
  );
}

/** These files, in the order asked; ids that are not files are left out. */
export async function readFeedFiles(sql: Sql, ids: readonly string[]): Promise<FeedFileRow[]> {
  const rows = await sql.query<RawFileRow>(
    'SELECT id, name, bytes, kind, lines, path FROM feed_files WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const byId = new Map(rows.map((raw) => [raw.id, rowOf(raw)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

type ListedRow = RawFileRow & { micros: bigint | string; created_at: Date | string };

/** Below the last row of the page before, in the list's order: $2 micros, $3 id. */
const AFTER_CURSOR = `WHERE (created_at, id) < ('epoch'::timestamptz + $2::bigint * interval '1 microsecond', $3::uuid)`;

/** The stored files, newest first by (upload time, id), one page at a time. */
export async function listFeedFiles(sql: Sql, query: FeedFilesQuery): Promise<FeedFilesPage> {
  const cursor = query.cursor?.split('_') ?? [];
  const rows = await sql.query<ListedRow>(
    `SELECT (extract(epoch FROM created_at) * 1000000)::bigint AS micros, created_at,
            id, name, bytes, kind, lines, path
       FROM feed_files ${cursor.length > 0 ? AFTER_CURSOR : ''}
      ORDER BY created_at DESC, id DESC LIMIT $1`,
    [query.limit + 1, ...cursor],
  );
  const page = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? page.at(-1) : undefined;
  return {
    items: page.map((raw) => {
      const { id, name, bytes, kind } = rowOf(raw);
      return { id, name, bytes, kind, uploadedAt: new Date(raw.created_at).toISOString() };
    }),
    next: last ? `${last.micros}_${last.id}` : null,
  };
}
