import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, playerHoldAccountId } from './accounts.ts';
import { checkInvariants, type LedgerState } from './invariants.ts';
import { ReferenceLedger } from './reference-ledger.ts';
import type { Hold, Transfer } from './types.ts';

/** A small sound ledger: 1,000.00 deposited, 200.00 held on h1. */
function soundState(): LedgerState {
  const ledger = new ReferenceLedger();
  ledger.openPlayer('p1');
  ledger.transfer({
    idempotencyKey: 'dep',
    debitAccountId: SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING,
    creditAccountId: playerCashAccountId('p1'),
    amountMinor: 100_000n,
    kind: 'DEPOSIT',
    remark: '',
    reference: '',
  });
  ledger.reserveHold({
    idempotencyKey: 'h',
    holdId: 'h1',
    playerId: 'p1',
    amountMinor: 20_000n,
    remark: '',
    reference: '',
  });
  const state = ledger.state();
  return {
    accounts: new Map(state.accounts),
    balancesMinor: new Map(state.balancesMinor),
    transfers: [...state.transfers],
    holds: new Map(state.holds),
  };
}

describe('checkInvariants', () => {
  it('accepts a sound state', () => {
    expect(checkInvariants(soundState())).toEqual([]);
  });

  it('reports a stored balance that disagrees with the transfers and a non-zero sum', () => {
    const state = soundState();
    (state.balancesMinor as Map<string, bigint>).set(playerCashAccountId('p1'), 1n);
    const problems = checkInvariants(state).join('\n');
    expect(problems).toMatch(/fold to 800.00/);
    expect(problems).toMatch(/sum to/);
  });

  it('reports a negative player account', () => {
    const state = soundState();
    const first = state.transfers[0] as Transfer;
    const overdraw: Transfer = {
      ...first,
      id: 3,
      idempotencyKey: 'x#0',
      amountMinor: 200_000n,
      debitAccountId: first.creditAccountId,
      creditAccountId: first.debitAccountId,
    };
    const balances = state.balancesMinor as Map<string, bigint>;
    balances.set(playerCashAccountId('p1'), -120_000n);
    balances.set(SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING, 100_000n);
    const overdrawn = { ...state, transfers: [...state.transfers, overdraw] };
    expect(checkInvariants(overdrawn).join('\n')).toMatch(/PLAYER_CASH account cash:p1 is negative/);
    // Within an overdraft (a re-settlement's, docs/decisions/0252) it is sound, one minor unit past not.
    const overdraft = (minor: bigint) => new Map([[playerCashAccountId('p1'), minor]]);
    expect(checkInvariants({ ...overdrawn, overdraftsMinor: overdraft(120_000n) })).toEqual([]);
    expect(checkInvariants({ ...overdrawn, overdraftsMinor: overdraft(119_999n) }).join('\n')).toMatch(
      /cash:p1 is negative/,
    );
  });

  it('reports a hold account that disagrees with the pending holds', () => {
    const state = soundState();
    const hold = state.holds.get('h1') as Hold;
    (state.holds as Map<string, Hold>).set('h1', { ...hold, heldMinor: 5n });
    expect(checkInvariants(state).join('\n')).toMatch(new RegExp(`${playerHoldAccountId('p1')} is 200.00`));
  });

  it('reports a double reversal and a repeated key', () => {
    const state = soundState();
    const first = state.transfers[0] as Transfer;
    const reversal = (id: number): Transfer => ({
      ...first,
      id,
      idempotencyKey: 'r#0',
      kind: 'REVERSAL',
      reversesTransferId: 1,
      debitAccountId: first.creditAccountId,
      creditAccountId: first.debitAccountId,
    });
    const problems = checkInvariants({
      ...state,
      transfers: [...state.transfers, reversal(3), reversal(4)],
    }).join('\n');
    expect(problems).toMatch(/reverses a transfer twice/);
    expect(problems).toMatch(/repeats key r#0/);
  });
});
