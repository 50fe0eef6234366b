import { describe, expect, it } from 'vitest';
import { SYSTEM_ACCOUNT_IDS, playerCashAccountId, playerHoldAccountId } from './accounts.ts';
import { planHoldPost, planHoldResize, planHoldVoid, transferKeyFor } from './holds.ts';
import { checkInvariants } from './invariants.ts';
import { ReferenceLedger } from './reference-ledger.ts';
import type { LedgerResult } from './types.ts';

const HOUSE = SYSTEM_ACCOUNT_IDS.HOUSE;
const cash = playerCashAccountId('p1');
const hold = playerHoldAccountId('p1');
const codeOf = (result: LedgerResult) => (result.ok ? 'OK' : result.code);

function ledgerWithCash(cashMinor: bigint): ReferenceLedger {
  const ledger = new ReferenceLedger();
  ledger.openPlayer('p1');
  ledger.transfer({
    idempotencyKey: 'dep',
    debitAccountId: SYSTEM_ACCOUNT_IDS.OPERATOR_FUNDING,
    creditAccountId: cash,
    amountMinor: cashMinor,
    kind: 'DEPOSIT',
    remark: '',
    reference: '',
  });
  return ledger;
}

function reserve(ledger: ReferenceLedger, amountMinor: bigint, holdId = 'h1'): LedgerResult {
  return ledger.reserveHold({
    idempotencyKey: `reserve-${holdId}`,
    holdId,
    playerId: 'p1',
    amountMinor,
    remark: 'bet',
    reference: 'market-7',
  });
}

describe('hold planning', () => {
  it('moves only the delta when resizing', () => {
    expect(planHoldResize('p1', 300n, 500n)).toEqual([
      { debitAccountId: cash, creditAccountId: hold, amountMinor: 200n, kind: 'BET_HOLD' },
    ]);
    expect(planHoldResize('p1', 500n, 300n)).toEqual([
      { debitAccountId: hold, creditAccountId: cash, amountMinor: 200n, kind: 'BET_RELEASE' },
    ]);
    expect(planHoldResize('p1', 300n, 300n)).toEqual([]);
  });

  it('posts part to the destination and returns the rest', () => {
    expect(planHoldPost('p1', 500n, 200n, HOUSE)).toEqual([
      { debitAccountId: hold, creditAccountId: HOUSE, amountMinor: 200n, kind: 'BET_SETTLE' },
      { debitAccountId: hold, creditAccountId: cash, amountMinor: 300n, kind: 'BET_RELEASE' },
    ]);
    expect(planHoldPost('p1', 500n, 500n, HOUSE)).toHaveLength(1);
    expect(planHoldPost('p1', 500n, 0n, HOUSE)).toEqual(planHoldVoid('p1', 500n));
    expect(planHoldVoid('p1', 0n)).toEqual([]);
  });

  it('derives one distinct key per leg', () => {
    expect(transferKeyFor('settle-9', 1)).toBe('settle-9#1');
  });
});

describe('hold lifecycle', () => {
  it('reserves, grows, shrinks and posts, keeping exposure equal to pending holds', () => {
    const ledger = ledgerWithCash(1000n);
    expect(codeOf(reserve(ledger, 300n))).toBe('OK');
    expect(ledger.playerBalances('p1')).toEqual({ cashMinor: 700n, exposureMinor: 300n });
    const grow = ledger.resizeHold({ idempotencyKey: 'r1', holdId: 'h1', amountMinor: 800n, remark: '' });
    expect(grow.ok && grow.transfers.map((t) => [t.kind, t.amountMinor, t.idempotencyKey])).toEqual([
      ['BET_HOLD', 500n, 'r1#0'],
    ]);
    ledger.resizeHold({ idempotencyKey: 'r2', holdId: 'h1', amountMinor: 100n, remark: '' });
    expect(ledger.playerBalances('p1')).toEqual({ cashMinor: 900n, exposureMinor: 100n });
    const posted = ledger.postHold({
      idempotencyKey: 'p',
      holdId: 'h1',
      amountMinor: 60n,
      destinationAccountId: HOUSE,
      remark: 'lost',
    });
    expect(posted.ok && posted.hold).toMatchObject({ state: 'POSTED', heldMinor: 0n, postedMinor: 60n });
    expect(posted.ok && posted.transfers.map((t) => [t.kind, t.amountMinor, t.reference])).toEqual([
      ['BET_SETTLE', 60n, 'market-7'],
      ['BET_RELEASE', 40n, 'market-7'],
    ]);
    expect(ledger.playerBalances('p1')).toEqual({ cashMinor: 940n, exposureMinor: 0n });
    expect(ledger.balanceOf(HOUSE)).toBe(60n);
    expect(checkInvariants(ledger.state())).toEqual([]);
  });

  it('refuses to grow beyond the cash available and then changes nothing', () => {
    const ledger = ledgerWithCash(1000n);
    reserve(ledger, 400n);
    const before = ledger.state().transfers.length;
    const result = ledger.resizeHold({ idempotencyKey: 'r', holdId: 'h1', amountMinor: 1001n, remark: '' });
    expect(codeOf(result)).toBe('INSUFFICIENT_FUNDS');
    expect(ledger.getHold('h1')?.heldMinor).toBe(400n);
    expect(ledger.state().transfers).toHaveLength(before);
    expect(
      codeOf(ledger.resizeHold({ idempotencyKey: 'r', holdId: 'h1', amountMinor: 1000n, remark: '' })),
    ).toBe('OK');
    expect(ledger.playerBalances('p1')).toEqual({ cashMinor: 0n, exposureMinor: 1000n });
  });

  it('voids a hold back to cash, and closed holds refuse every operation', () => {
    const ledger = ledgerWithCash(1000n);
    reserve(ledger, 250n);
    const voided = ledger.voidHold({ idempotencyKey: 'v', holdId: 'h1', remark: 'market void' });
    expect(voided.ok && voided.hold?.state).toBe('VOIDED');
    expect(ledger.playerBalances('p1')).toEqual({ cashMinor: 1000n, exposureMinor: 0n });
    expect(codeOf(ledger.voidHold({ idempotencyKey: 'v2', holdId: 'h1', remark: '' }))).toBe('HOLD_CLOSED');
    expect(
      codeOf(ledger.resizeHold({ idempotencyKey: 'v3', holdId: 'h1', amountMinor: 1n, remark: '' })),
    ).toBe('HOLD_CLOSED');
    const post = {
      idempotencyKey: 'v4',
      holdId: 'h1',
      amountMinor: 0n,
      destinationAccountId: HOUSE,
      remark: '',
    };
    expect(codeOf(ledger.postHold(post))).toBe('HOLD_CLOSED');
    expect(codeOf(ledger.postHold({ ...post, holdId: 'nope' }))).toBe('UNKNOWN_HOLD');
  });

  it('tracks zero-amount holds without posting transfers', () => {
    const ledger = ledgerWithCash(100n);
    const result = reserve(ledger, 0n);
    expect(result.ok && result.transfers).toEqual([]);
    expect(ledger.getHold('h1')).toMatchObject({ state: 'PENDING', heldMinor: 0n });
  });

  it.each([
    ['HOLD_EXISTS', () => ({ holdId: 'h1' })],
    ['UNKNOWN_ACCOUNT', () => ({ holdId: 'h2', playerId: 'ghost' })],
    ['INSUFFICIENT_FUNDS', () => ({ holdId: 'h2', amountMinor: 101n })],
    ['INVALID_AMOUNT', () => ({ holdId: 'h2', amountMinor: -1n })],
  ])('refuses a reserve with %s', (code, change) => {
    const ledger = ledgerWithCash(100n);
    reserve(ledger, 0n);
    const request = {
      idempotencyKey: 'x',
      holdId: 'h1',
      playerId: 'p1',
      amountMinor: 1n,
      remark: '',
      reference: '',
    };
    expect(codeOf(ledger.reserveHold({ ...request, ...change() }))).toBe(code);
  });

  it.each([
    ['UNKNOWN_ACCOUNT', { destinationAccountId: 'ghost' }],
    ['RESERVED_ACCOUNT', { destinationAccountId: hold }],
    ['EXCEEDS_HOLD', { amountMinor: 51n }],
    ['INVALID_AMOUNT', { amountMinor: -1n }],
  ])('refuses a post with %s and leaves the hold pending', (code, change) => {
    const ledger = ledgerWithCash(100n);
    reserve(ledger, 50n);
    const request = {
      idempotencyKey: 'p',
      holdId: 'h1',
      amountMinor: 10n,
      destinationAccountId: HOUSE,
      remark: '',
    };
    expect(codeOf(ledger.postHold({ ...request, ...change }))).toBe(code);
    expect(ledger.getHold('h1')?.state).toBe('PENDING');
  });

  it('replays a hold operation without moving money twice', () => {
    const ledger = ledgerWithCash(1000n);
    reserve(ledger, 100n);
    const body = { idempotencyKey: 'grow', holdId: 'h1', amountMinor: 300n, remark: '' };
    const first = ledger.resizeHold(body);
    ledger.resizeHold({ idempotencyKey: 'shrink', holdId: 'h1', amountMinor: 50n, remark: '' });
    expect(ledger.resizeHold(body)).toBe(first);
    expect(ledger.getHold('h1')?.heldMinor).toBe(50n);
    expect(codeOf(ledger.resizeHold({ ...body, amountMinor: 301n }))).toBe('DUPLICATE_KEY_DIFFERENT_BODY');
  });
});
