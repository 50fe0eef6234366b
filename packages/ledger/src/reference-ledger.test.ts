import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, playerHoldAccountId } from './accounts.ts';
import { fingerprintOf } from './fingerprint.ts';
import { checkInvariants } from './invariants.ts';
import { ReferenceLedger } from './reference-ledger.ts';
import type { LedgerResult, TransferRequest } from './types.ts';

const FUNDING = SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING;
const cash = playerCashAccountId;

function ledgerWithPlayer(depositMinor = 10_000n): ReferenceLedger {
  const ledger = new ReferenceLedger();
  ledger.openPlayer('p1');
  ledger.openPlayer('p2');
  if (depositMinor > 0n) expect(deposit(ledger, 'dep-1', depositMinor).ok).toBe(true);
  return ledger;
}

function deposit(ledger: ReferenceLedger, key: string, amountMinor: bigint, playerId = 'p1'): LedgerResult {
  return ledger.transfer({
    idempotencyKey: key,
    debitAccountId: FUNDING,
    creditAccountId: cash(playerId),
    amountMinor,
    kind: 'DEPOSIT',
    remark: 'cash desk',
    reference: '',
  });
}

function withdraw(ledger: ReferenceLedger, key: string, amountMinor: bigint): LedgerResult {
  return ledger.transfer({
    idempotencyKey: key,
    debitAccountId: cash('p1'),
    creditAccountId: FUNDING,
    amountMinor,
    kind: 'WITHDRAW',
    remark: 'cash desk',
    reference: '',
  });
}

const codeOf = (result: LedgerResult) => (result.ok ? 'OK' : result.code);

describe('transfers', () => {
  it('moves money from the debit to the credit account and keeps the sum at zero', () => {
    const ledger = ledgerWithPlayer(0n);
    const result = deposit(ledger, 'k1', 1500n);
    expect(result.ok && result.transfers).toEqual([
      {
        id: 1,
        idempotencyKey: 'k1#0',
        debitAccountId: FUNDING,
        creditAccountId: cash('p1'),
        amountMinor: 1500n,
        kind: 'DEPOSIT',
        remark: 'cash desk',
        reference: '',
        holdId: null,
        reversesTransferId: null,
      },
    ]);
    expect(ledger.balanceOf(cash('p1'))).toBe(1500n);
    expect(ledger.balanceOf(FUNDING)).toBe(-1500n);
    expect(checkInvariants(ledger.state())).toEqual([]);
  });

  it('refuses to take player cash below zero and changes nothing', () => {
    const ledger = ledgerWithPlayer(1000n);
    expect(codeOf(withdraw(ledger, 'w1', 1001n))).toBe('INSUFFICIENT_FUNDS');
    expect(ledger.balanceOf(cash('p1'))).toBe(1000n);
    expect(codeOf(withdraw(ledger, 'w1', 1000n))).toBe('OK');
    expect(ledger.balanceOf(cash('p1'))).toBe(0n);
  });

  it('lets system accounts go negative', () => {
    const ledger = ledgerWithPlayer(0n);
    const result = ledger.transfer({
      idempotencyKey: 'win',
      debitAccountId: SYSTEM_ACCOUNT_IDS.HOUSE,
      creditAccountId: SYSTEM_ACCOUNT_IDS.COMMISSION,
      amountMinor: 5n,
      kind: 'COMMISSION',
      remark: '',
      reference: 'm1',
    });
    expect(result.ok).toBe(true);
    expect(ledger.balanceOf(SYSTEM_ACCOUNT_IDS.HOUSE)).toBe(-5n);
  });

  it.each([
    ['INVALID_AMOUNT', { amountMinor: 0n }],
    ['INVALID_AMOUNT', { amountMinor: -1n }],
    ['INVALID_AMOUNT', { amountMinor: 10n ** 16n }],
    ['INVALID_AMOUNT', { amountMinor: 5 as unknown as bigint }],
    ['INVALID_KIND', { kind: 'BET_HOLD' as 'DEPOSIT' }],
    ['INVALID_KIND', { kind: 'REVERSAL' as 'DEPOSIT' }],
    ['SAME_ACCOUNT', { creditAccountId: FUNDING }],
    ['UNKNOWN_ACCOUNT', { creditAccountId: 'nobody' }],
    ['RESERVED_ACCOUNT', { creditAccountId: playerHoldAccountId('p1') }],
    ['INVALID_FIELD', { remark: 'x'.repeat(257) }],
    ['INVALID_FIELD', { reference: 'x'.repeat(129) }],
    ['INVALID_FIELD', { creditAccountId: 'has space' }],
    ['INVALID_KEY', { idempotencyKey: '' }],
    ['INVALID_KEY', { idempotencyKey: 'k'.repeat(129) }],
    ['INVALID_KEY', { idempotencyKey: 'with space' }],
  ])('rejects with %s (case %#) and posts nothing', (code, change) => {
    const ledger = ledgerWithPlayer(0n);
    const result = ledger.transfer({
      idempotencyKey: 'k',
      debitAccountId: FUNDING,
      creditAccountId: cash('p1'),
      amountMinor: 100n,
      kind: 'DEPOSIT',
      remark: '',
      reference: '',
      ...change,
    });
    expect(result).toEqual({ ok: false, code, message: expect.any(String) });
    expect(ledger.state().transfers).toHaveLength(0);
  });
});

describe('idempotency', () => {
  it('returns the first result for a replay and has no second effect', () => {
    const ledger = ledgerWithPlayer(0n);
    const first = deposit(ledger, 'k1', 1500n);
    const again = deposit(ledger, 'k1', 1500n);
    expect(again).toBe(first);
    expect(ledger.balanceOf(cash('p1'))).toBe(1500n);
    expect(ledger.state().transfers).toHaveLength(1);
  });

  it('refuses the same key with a different body', () => {
    const ledger = ledgerWithPlayer(0n);
    deposit(ledger, 'k1', 1500n);
    expect(codeOf(deposit(ledger, 'k1', 1600n))).toBe('DUPLICATE_KEY_DIFFERENT_BODY');
    expect(codeOf(ledger.voidHold({ idempotencyKey: 'k1', holdId: 'h', remark: '' }))).toBe(
      'DUPLICATE_KEY_DIFFERENT_BODY',
    );
    expect(ledger.balanceOf(cash('p1'))).toBe(1500n);
  });

  it('lets a rejected request be retried with the same key', () => {
    const ledger = ledgerWithPlayer(100n);
    expect(codeOf(withdraw(ledger, 'w', 500n))).toBe('INSUFFICIENT_FUNDS');
    deposit(ledger, 'top-up', 400n);
    expect(codeOf(withdraw(ledger, 'w', 500n))).toBe('OK');
    expect(ledger.balanceOf(cash('p1'))).toBe(0n);
  });

  it('fingerprints only the body fields, in a fixed order', () => {
    const body: TransferRequest = {
      op: 'transfer',
      idempotencyKey: 'a',
      debitAccountId: 'x',
      creditAccountId: 'y',
      amountMinor: 5n,
      kind: 'DEPOSIT',
      remark: 'r|"',
      reference: '',
    };
    expect(fingerprintOf(body)).toBe(
      'v1|"transfer"|amountMinor=5n|creditAccountId="y"|debitAccountId="x"|kind="DEPOSIT"|reference=""|remark="r|\\""',
    );
    const reordered = { extra: 1, ...body, idempotencyKey: 'b' } as TransferRequest;
    expect(fingerprintOf(reordered)).toBe(fingerprintOf(body));
    expect(fingerprintOf({ ...body, amountMinor: 50n })).not.toBe(fingerprintOf(body));
  });
});

describe('reversals', () => {
  it('posts a mirror transfer once and refuses a second reversal', () => {
    const ledger = ledgerWithPlayer(1000n);
    const reversal = ledger.reverse({ idempotencyKey: 'r1', transferId: 1, remark: 'entered twice' });
    expect(reversal.ok && reversal.transfers[0]).toMatchObject({
      id: 2,
      debitAccountId: cash('p1'),
      creditAccountId: FUNDING,
      amountMinor: 1000n,
      kind: 'REVERSAL',
      reversesTransferId: 1,
    });
    expect(ledger.balanceOf(cash('p1'))).toBe(0n);
    expect(codeOf(ledger.reverse({ idempotencyKey: 'r2', transferId: 1, remark: '' }))).toBe(
      'ALREADY_REVERSED',
    );
    expect(codeOf(ledger.reverse({ idempotencyKey: 'r3', transferId: 2, remark: '' }))).toBe(
      'NOT_REVERSIBLE',
    );
    expect(codeOf(ledger.reverse({ idempotencyKey: 'r4', transferId: 9, remark: '' }))).toBe(
      'UNKNOWN_TRANSFER',
    );
    expect(codeOf(ledger.reverse({ idempotencyKey: 'r5', transferId: 0, remark: '' }))).toBe('INVALID_FIELD');
    expect(checkInvariants(ledger.state())).toEqual([]);
  });

  it('refuses a reversal that would overdraw the player', () => {
    const ledger = ledgerWithPlayer(1000n);
    withdraw(ledger, 'w', 600n);
    expect(codeOf(ledger.reverse({ idempotencyKey: 'r', transferId: 1, remark: '' }))).toBe(
      'INSUFFICIENT_FUNDS',
    );
  });

  it('refuses to reverse hold movements', () => {
    const ledger = ledgerWithPlayer(1000n);
    ledger.reserveHold({
      idempotencyKey: 'h',
      holdId: 'h1',
      playerId: 'p1',
      amountMinor: 10n,
      remark: '',
      reference: '',
    });
    expect(codeOf(ledger.reverse({ idempotencyKey: 'r', transferId: 2, remark: '' }))).toBe('NOT_REVERSIBLE');
  });
});

describe('players', () => {
  it('opens cash and hold accounts once', () => {
    const ledger = new ReferenceLedger();
    expect(ledger.openPlayer('p9')).toMatchObject({ ok: true, created: true, cashAccountId: 'cash:p9' });
    expect(ledger.openPlayer('p9')).toMatchObject({ ok: true, created: false });
    expect(ledger.playerBalances('p9')).toEqual({ cashMinor: 0n, exposureMinor: 0n });
    expect(ledger.playerBalances('nobody')).toBeUndefined();
    expect(codeOf(ledger.openPlayer('') as LedgerResult)).toBe('INVALID_FIELD');
    expect(codeOf(ledger.openPlayer('p'.repeat(65)) as LedgerResult)).toBe('INVALID_FIELD');
    expect(ledger.openPlayer('p'.repeat(64)).ok).toBe(true);
  });
});
