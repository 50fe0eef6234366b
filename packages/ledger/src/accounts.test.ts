import { describe, expect, it } from 'vitest';
import {
  isPlayerCashAccountId,
  playerCashAccountId,
  playerCashAccountIdSql,
  playerHoldAccountId,
  playerHoldAccountIdSql,
  playerIdOfAccountSql,
  SYSTEM_ACCOUNT_IDS,
} from './accounts.ts';

describe('account ids', () => {
  it("tells a player's cash account from their hold and from the system's accounts", () => {
    expect(isPlayerCashAccountId(playerCashAccountId('p1'))).toBe(true);
    expect(isPlayerCashAccountId(playerHoldAccountId('p1'))).toBe(false);
    for (const id of Object.values(SYSTEM_ACCOUNT_IDS)) expect(isPlayerCashAccountId(id)).toBe(false);
  });

  it('spells the same ids in SQL, and reads the player back from either', () => {
    expect(playerCashAccountIdSql('u.id')).toBe(`'${playerCashAccountId('')}' || u.id`);
    expect(playerHoldAccountIdSql('u.id')).toBe(`'${playerHoldAccountId('')}' || u.id`);
    const from = Number(/^substr\(x, (\d+)\)$/.exec(playerIdOfAccountSql('x'))![1]);
    for (const accountId of [playerCashAccountId('p1'), playerHoldAccountId('p1')])
      expect(accountId.slice(from - 1)).toBe('p1');
  });
});
