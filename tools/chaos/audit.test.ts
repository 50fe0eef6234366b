import { describe, expect, it } from 'vitest';
import { ledgerAudit } from './audit.ts';
import { useCheckerDatabase } from './db-test-kit.ts';
import {
  STAKE_MINOR,
  addMarket,
  addPlayer,
  addRound,
  crashBet,
  exchangeBet,
  writeBatch,
} from './seed-test-kit.ts';

const database = useCheckerDatabase();

// The audit reads the whole ledger: the sound case comes first, each fault after it stays.
describe('ledgerAudit', () => {
  it('passes a ledger of deposits, stakes and exchange holds', async () => {
    const db = database.db;
    const player = await addPlayer(db);
    await crashBet(db, await addRound(db, 'crash', 'BETTING'), player);
    const bet = exchangeBet(await addMarket(db), player, 'BACK');
    await writeBatch(db, {
      bets: [bet],
      holds: [{ marketId: bet.market_id, playerId: player, amountMinor: STAKE_MINOR }],
    });
    expect(await ledgerAudit(database.pool)).toEqual([]);
  });

  it('finds balances that differ from their transfers, and a hold account its holds do not explain', async () => {
    const db = database.db;
    const [from, to] = [await addPlayer(db), await addPlayer(db)];
    // Money moved between two players without a transfer: the sum stays zero, the folds do not match.
    await db.query(
      `UPDATE accounts SET balance_minor = balance_minor + CASE WHEN account_id = $1 THEN -100 ELSE 100 END
        WHERE account_id IN ($1, $2)`,
      [`cash:${from}`, `hold:${to}`],
    );
    expect(await ledgerAudit(database.pool)).toEqual([
      `BALANCE_NOT_FOLD cash:${from}`,
      `BALANCE_NOT_FOLD hold:${to}`,
      `HOLD_NOT_PENDING hold:${to}`,
    ]);
  });
});
