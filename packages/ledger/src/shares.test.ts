import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitResult } from './shares.ts';

describe('splitting a result along the agent chain', () => {
  it('gives 40/60/80 % of a 1,000.00 loss as 400.00, 200.00, 200.00 and the house 200.00', () => {
    expect(splitResult(-100_000n, [4000, 6000, 8000])).toEqual({
      agents: [40_000n, 20_000n, 20_000n],
      house: 20_000n,
    });
  });

  it('charges the agents their parts of a win, with the sign turned', () => {
    expect(splitResult(100_000n, [4000, 6000, 8000])).toEqual({
      agents: [-40_000n, -20_000n, -20_000n],
      house: -20_000n,
    });
  });

  it('rounds each agent toward zero and leaves the remainders to the house', () => {
    // 33.33 % of 0.10 is 0.0333: the agent takes 0.03, its parent 0.0333 of 0.0333 → 0.03, house 0.04.
    expect(splitResult(-10n, [3333, 6666])).toEqual({ agents: [3n, 3n], house: 4n });
    expect(splitResult(7n, [3333, 6666])).toEqual({ agents: [-2n, -2n], house: -3n });
    expect(splitResult(-1n, [5000])).toEqual({ agents: [0n], house: 1n });
  });

  it('gives a share below the one beneath nothing, and the house all without a chain', () => {
    expect(splitResult(-1000n, [6000, 4000])).toEqual({ agents: [600n, 0n], house: 400n });
    expect(splitResult(-1000n, [])).toEqual({ agents: [], house: 1000n });
    expect(splitResult(-1000n, [10_000])).toEqual({ agents: [1000n], house: 0n });
  });

  it('always adds up to minus the result, every part with its sign or zero', () => {
    const shares = fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 6 });
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), shares, (result, raw) => {
        const split = splitResult(
          result,
          raw.sort((a, b) => a - b),
        );
        const sum = split.agents.reduce((total, part) => total + part, split.house);
        expect(sum).toBe(-result);
        for (const part of [...split.agents, split.house]) expect(part * result <= 0n).toBe(true);
      }),
    );
  });
});
