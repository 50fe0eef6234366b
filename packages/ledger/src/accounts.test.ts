import { describe, expect, it } from 'vitest';
import {
  agentPlAccountId,
  isPlayerCashAccountId,
  playerCashAccountId,
  playerCashAccountIdSql,
  playerHoldAccountId,
  playerHoldAccountIdSql,
  playerIdOfAccountSql,
  SYSTEM_ACCOUNT_IDS,
} from './accounts.ts';
import { ReferenceLedger } from './reference-ledger.ts';

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

describe("an agent's P/L account", () => {
  it('takes AGENT_SHARE and AGENT_SETTLEMENT transfers with the house and may go negative', () => {
    const ledger = new ReferenceLedger();
    ledger.openAgentPl('a1');
    ledger.openAgentPl('a1');
    const share = (key: string, debit: string, credit: string, kind: 'AGENT_SHARE' | 'AGENT_SETTLEMENT') =>
      ledger.execute({
        op: 'transfer',
        idempotencyKey: key,
        debitAccountId: debit,
        creditAccountId: credit,
        amountMinor: 500n,
        kind,
        remark: '',
        reference: '',
      }).ok;
    expect(share('s1', agentPlAccountId('a1'), SYSTEM_ACCOUNT_IDS.HOUSE, 'AGENT_SHARE')).toBe(true);
    expect(ledger.balanceOf(agentPlAccountId('a1'))).toBe(-500n);
    expect(share('s2', SYSTEM_ACCOUNT_IDS.HOUSE, agentPlAccountId('a1'), 'AGENT_SETTLEMENT')).toBe(true);
    expect(ledger.balanceOf(agentPlAccountId('a1'))).toBe(0n);
    expect(isPlayerCashAccountId(agentPlAccountId('a1'))).toBe(false);
  });
});
