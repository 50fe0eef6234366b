import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { InProcessBus } from '../lib/bus.ts';
import { balanceTopic, depositRequest, WalletService } from '../modules/wallet/index.ts';
import { openTestDatabase } from '../test/test-db.ts';
import { ok, reject, transactionResult } from './rejections.ts';
import { afterCommit, inTransaction, sqlFor, transaction } from './transaction.ts';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.exec('CREATE TABLE unit_notes (note text NOT NULL)');
});
afterAll(() => db.close());

const notes = async () =>
  (await db.query<{ note: string }>('SELECT note FROM unit_notes ORDER BY note')).map((row) => row.note);

describe('transaction', () => {
  it('runs after-commit tasks once the unit has committed, seeing what it wrote', async () => {
    const seen: string[][] = [];
    await transaction(db, async (tx) => {
      await tx.query(`INSERT INTO unit_notes VALUES ('committed')`);
      afterCommit(async () => void seen.push(await notes()));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['committed']]);
  });

  it('never runs after-commit tasks of a unit that rolled back', async () => {
    let ran = false;
    const failing = transaction(db, async (tx) => {
      await tx.query(`INSERT INTO unit_notes VALUES ('rolled back')`);
      afterCommit(() => void (ran = true));
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(ran).toBe(false);
    expect(await notes()).not.toContain('rolled back');
  });

  it('lets an inner unit join the outer one: one commit, its tasks after it', async () => {
    const order: string[] = [];
    await transaction(db, async (outer) => {
      await transaction(db, async (inner) => {
        expect(inner).toBe(outer);
        afterCommit(() => void order.push('inner task'));
      });
      order.push('outer body done');
    });
    expect(order).toEqual(['outer body done', 'inner task']);
  });

  it('hands code below the unit its transaction through sqlFor', async () => {
    expect(sqlFor(db)).toBe(db);
    expect(inTransaction(db)).toBe(false);
    await transaction(db, async (tx) => {
      expect(sqlFor(db)).toBe(tx);
      expect(inTransaction(db)).toBe(true);
    });
  });

  it('reruns a unit on a race the database reports, when asked to', async () => {
    let attempts = 0;
    const result = await transaction(
      db,
      async () => {
        attempts += 1;
        if (attempts < 3) throw Object.assign(new Error('could not serialize'), { code: '40001' });
        return 'done';
      },
      { retryRaces: true },
    );
    expect(result).toBe('done');
    expect(attempts).toBe(3);
  });
});

describe('transactionResult', () => {
  it('rolls back everything the unit wrote when it answers a rejection', async () => {
    const result = await transactionResult(db, async (tx) => {
      await tx.query(`INSERT INTO unit_notes VALUES ('rejected')`);
      return reject('conflict', 'TAKEN', 'Already taken.');
    });
    expect(result).toEqual({ ok: false, kind: 'conflict', code: 'TAKEN', message: 'Already taken.' });
    expect(await notes()).not.toContain('rejected');
    expect(await transactionResult(db, async () => ok(1))).toEqual({ ok: true, value: 1 });
  });

  it('publishes no balance for a deposit inside a unit that rolled back, and moves no money', async () => {
    const bus = new InProcessBus();
    const wallet = new WalletService(db, bus);
    const playerId = 'unit-player';
    await wallet.openPlayer(playerId);
    const published: string[] = [];
    bus.subscribe(balanceTopic(playerId), (message) => published.push(message));
    const result = await transactionResult(db, async () => {
      const outcome = await wallet.execute(depositRequest(playerId, 500n, 'rolled back', 'unit-deposit-1'));
      expect(outcome.result.ok).toBe(true);
      return reject('invalid', 'LATER_STEP_FAILED', 'A later step failed.');
    });
    expect(result.ok).toBe(false);
    expect(published).toEqual([]);
    expect((await wallet.balances(playerId))?.cashMinor ?? 0n).toBe(0n);

    await transaction(db, () => wallet.execute(depositRequest(playerId, 700n, 'kept', 'unit-deposit-2')));
    expect(published).toHaveLength(1);
    expect(JSON.parse(published[0] ?? '{}')).toMatchObject({ cashMinor: '700' });
  });
});
