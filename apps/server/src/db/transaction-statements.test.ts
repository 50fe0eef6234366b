import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db.ts';
import type { Database } from './database.ts';

/** Database.transaction waits for every statement sent in it, awaited or not, before it commits. */
describe('statements a transaction did not await', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec('CREATE TABLE pipelined (id text PRIMARY KEY)');
  });
  afterAll(() => db.close());

  const ids = async () =>
    (await db.query<{ id: string }>('SELECT id FROM pipelined ORDER BY id')).map((row) => row.id);

  it('are committed with the transaction', async () => {
    const answer = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['a']);
      void tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['b']);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('roll the whole transaction back when one fails, with its error', async () => {
    const attempt = db.transaction(async (tx) => {
      await tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['c']);
      void tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['a']);
      void tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['d']);
      return 'done';
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(await ids()).toEqual(['a', 'b']);
  });

  it('leave the connection usable for the next transaction', async () => {
    await db.transaction(async (tx) => {
      void tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['e']);
    });
    expect(await ids()).toEqual(['a', 'b', 'e']);
  });

  // Only PostgreSQL reports the tag of a COMMIT that ended a failed transaction.
  it.runIf(process.env.DATABASE_URL)(
    'are reported as rolled back, not committed, when one failed and the unit ignored it',
    async () => {
      const attempt = db.transaction(async (tx) => {
        await tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['f']);
        await tx.query('INSERT INTO pipelined (id) VALUES ($1)', ['a']).catch(() => undefined);
        return 'done';
      });
      await expect(attempt).rejects.toThrow(/rolled back/);
      expect(await ids()).toEqual(['a', 'b', 'e']);
    },
  );
});
