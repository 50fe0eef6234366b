import { describe, expect, it } from 'vitest';
import { ADMISSION_MESSAGES, judgeStake } from './rules.ts';

describe('judgeStake', () => {
  const active = { status: 'active' as const };

  it('judges who is betting before the money', () => {
    expect(judgeStake(null, 1n, 0n)).toMatchObject({ ok: false, code: 'UNKNOWN_PLAYER' });
    expect(judgeStake({ status: 'suspended' }, 0n, 100n)).toMatchObject({
      ok: false,
      code: 'PLAYER_SUSPENDED',
      message: ADMISSION_MESSAGES.PLAYER_SUSPENDED,
    });
  });

  it('admits up to the available amount, and anything when the ledger judges the money', () => {
    expect(judgeStake(active, 100n, 100n)).toEqual({ ok: true });
    expect(judgeStake(active, 101n, 100n)).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(judgeStake(active, 0n, -5n)).toEqual({ ok: true });
    expect(judgeStake(active, 10n ** 12n, null)).toEqual({ ok: true });
  });
});
