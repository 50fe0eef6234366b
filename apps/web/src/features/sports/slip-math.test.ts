import { describe, expect, it } from 'vitest';
import { checkStake, newClientRef, slipOutcome } from './slip-math.ts';
import { clientRefSchema } from '@backlay/contracts';

describe('bet slip stake and outcome', () => {
  it('checks the stake against the market limits', () => {
    expect(checkStake('', '100.00', '500.00')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(checkStake('12.345', null, null)).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(checkStake('1,000', null, null)).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
    expect(checkStake('99.99', '100.00', '500.00')).toEqual({ ok: false, reason: 'TOO_SMALL' });
    expect(checkStake('500.01', '100.00', '500.00')).toEqual({ ok: false, reason: 'TOO_LARGE' });
    expect(checkStake('100', '100.00', '500.00')).toEqual({ ok: true, stakeMinor: 10_000n });
    expect(checkStake('250.5', null, null)).toEqual({ ok: true, stakeMinor: 25_050n });
  });

  it('shows a back bet winning stake × (odds − 1), rounded down, risking the stake', () => {
    expect(slipOutcome('BACK', 10_000n, '2.50')).toEqual({ profit: '150.00', liability: '100.00' });
    expect(slipOutcome('BACK', 333n, '1.01')).toEqual({ profit: '0.03', liability: '3.33' });
  });

  it('shows a lay bet winning the stake and risking stake × (odds − 1), rounded up', () => {
    expect(slipOutcome('LAY', 10_000n, '3.05')).toEqual({ profit: '100.00', liability: '205.00' });
    expect(slipOutcome('LAY', 333n, '1.01')).toEqual({ profit: '3.33', liability: '0.04' });
  });

  it('has no outcome without readable odds or stake', () => {
    expect(slipOutcome('BACK', 10_000n, '')).toBeNull();
    expect(slipOutcome('LAY', 0n, '2.00')).toBeNull();
  });

  it('makes client references the contract accepts, different each time', () => {
    const first = newClientRef();
    expect(clientRefSchema.safeParse(first).success).toBe(true);
    expect(newClientRef()).not.toBe(first);
    expect(newClientRef((bytes) => bytes.fill(255))).toBe(`slip-${'ff'.repeat(16)}`);
  });
});
