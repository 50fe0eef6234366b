import pg from 'pg';
import { INT8_OID, parseInt8, type Database, type Sql } from './database.ts';

const toParams = (params?: readonly unknown[]): unknown[] | undefined =>
  params?.map((value) => (typeof value === 'bigint' ? value.toString() : value));

export type PostgresOptions = { url: string; schema?: string; maxConnections?: number };

/** A PostgreSQL pool. `schema` isolates a database per test file on a shared server. */
export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 20,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID
          ? parseInt8
          : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  if (options.schema) {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
  }
  const sql: Sql = {
    async query<Row>(text: string, params?: readonly unknown[]) {
      const result = await pool.query(text, toParams(params));
      return result.rows as Row[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
  };
  return {
    kind: 'postgres',
    query: sql.query,
    exec: sql.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<Row>(text: string, params?: readonly unknown[]) {
            return (await client.query(text, toParams(params))).rows as Row[];
          },
          async exec(script: string) {
            await client.query(script);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
